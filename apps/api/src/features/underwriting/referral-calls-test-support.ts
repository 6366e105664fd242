import { addDays } from '@lender/contract/dates';
import { AppStatus } from '@lender/contract/status';
import { OPS } from '../../entities/audit/actor';
import { eventually, signedApplicant, statusOf } from '../../test/live-loan';
import { createStage1Payload } from '../../test/stage1-payload';
import type { TestApp } from '../../test/test-app';
import { decisionReviewsStaff } from './decision-reviews-staff';

export const URL_OF = {
  referrals: '/api/staff/Underwriting/Referrals',
  hold: '/api/staff/Underwriting/Hold',
  release: '/api/staff/Underwriting/Release',
  application: '/api/staff/Underwriting/Application',
  decide: '/api/staff/Underwriting/Decide',
  ask: '/api/staff/Underwriting/AskForDocument',
};

/**
 * The applications and audit the referral calls' tests work on. Takes the app through a getter because a
 * test file makes its app in `beforeAll`, after these are bound.
 */
export function referralTestSupport(testApp: () => TestApp) {
  /** A signed application the rules referred to a person: 76 today, so over 75 by the last instalment. */
  async function referred() {
    const t = testApp();
    const signer = await signedApplicant(t, { dob: addDays(t.ctx.businessDate.today(), -76 * 366) });
    const status = await eventually(
      () => statusOf(t, signer.guid),
      (s) => s === AppStatus.undewritingReview,
    );
    if (status !== AppStatus.undewritingReview) throw new Error(`not referred: status ${status}`);
    return signer;
  }

  /** An application the credit file declined at stage 1 (the sandbox's CCJ), with a review asked for. */
  async function reviewAsked() {
    const t = testApp();
    const payload = createStage1Payload({ lastName: 'Judgement' });
    await t.app.inject({ method: 'POST', url: '/api/Register/SubmitStage1', payload });
    const app = await t.ctx.db
      .selectFrom('applications')
      .innerJoin('customers', 'customers.id', 'applications.customer_id')
      .select(['applications.guid', 'applications.id', 'applications.status_id'])
      .where('customers.email', '=', payload.email)
      .executeTakeFirstOrThrow();
    const asked = await decisionReviewsStaff(t.ctx.db).request(app.guid, 'phone', 'Says it was paid.', OPS);
    if (!asked.ok) throw new Error(asked.message);
    return { ...app, email: payload.email };
  }

  const auditOf = (guid: string, action: string) =>
    testApp()
      .ctx.db.selectFrom('audit_events')
      .selectAll()
      .where('subject_type', '=', 'application')
      .where('subject_id', '=', guid)
      .where('action', '=', action)
      .orderBy('id')
      .execute();

  return { referred, reviewAsked, auditOf };
}
