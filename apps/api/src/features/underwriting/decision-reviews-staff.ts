import { AppStatus } from '@lender/contract/status';
import type { DbExecutor } from '../../db/create-db';
import type { Actor } from '../../entities/audit/actor';
import { auditRepository } from '../../entities/audit/audit-repository';
import { nowIso } from '../../lib/clock';
import { staffDone as done, staffRefused as refused, type StaffResult } from '../../lib/staff-result';

export const REVIEW_CHANNELS = ['phone', 'email', 'letter'] as const;
export type ReviewChannel = (typeof REVIEW_CHANNELS)[number];

export type ReviewRequest = {
  guid: string;
  name: string;
  channel: string;
  note: string;
  recordedBy: string;
  requestedAt: string;
  /** Why it was declined, as the decision record says. */
  declinedFor: string;
};

/**
 * Requests for a person to review an automated decline (UK GDPR Art. 22, issue 47): every decline e-mail
 * offers it by phone or e-mail, and staff record the request here (`npm run ops -- reviews add`); the
 * open ones are listed for underwriters (`reviews list`; the console's referrals queue later).
 */
export function decisionReviewsStaff(db: DbExecutor) {
  const open = () =>
    db
      .selectFrom('decision_review_requests as r')
      .innerJoin('applications', 'applications.id', 'r.application_id')
      .innerJoin('customers', 'customers.id', 'applications.customer_id')
      .where('r.reviewed_at', 'is', null);

  return {
    async request(
      guid: string,
      channel: ReviewChannel,
      note: string,
      actor: Actor,
    ): Promise<StaffResult<ReviewRequest>> {
      const app = await db
        .selectFrom('applications')
        .select(['id', 'status_id'])
        .where('guid', '=', guid)
        .executeTakeFirst();
      if (!app) return refused(`No application ${guid}.`, 'unknown');
      if (app.status_id !== AppStatus.leadDeclined) {
        return refused(`Application ${guid} was not declined: there is no decline to review.`, 'notDeclined');
      }
      const already = await open().select('r.id').where('r.application_id', '=', app.id).executeTakeFirst();
      if (already) return refused(`A review of ${guid} is already waiting.`, 'alreadyRequested');
      await db
        .insertInto('decision_review_requests')
        .values({
          application_id: app.id,
          channel,
          note,
          recorded_by: actor,
          requested_at: nowIso(),
          reviewed_at: null,
        })
        .execute();
      await auditRepository(db).record({
        actor,
        action: 'decision-review-requested',
        subject: { type: 'application', id: guid },
        details: { channel },
      });
      const [made] = await listOf(app.id);
      return made ? done(made) : refused(`The request for ${guid} could not be read back.`);
    },

    async list(): Promise<StaffResult<ReviewRequest[]>> {
      return done(await listOf());
    },
  };

  async function listOf(applicationId?: number): Promise<ReviewRequest[]> {
    let q = open().select([
      'applications.id',
      'applications.guid',
      'customers.first_name',
      'customers.last_name',
      'r.channel',
      'r.note',
      'r.recorded_by',
      'r.requested_at',
    ]);
    if (applicationId !== undefined) q = q.where('r.application_id', '=', applicationId);
    const rows = await q.orderBy('r.id').execute();
    const reasons = rows.length
      ? await db
          .selectFrom('application_decisions')
          .select(['application_id', 'reason'])
          .where('kind', 'in', ['declined', 'underwriting-declined'])
          .where(
            'application_id',
            'in',
            rows.map((r) => r.id),
          )
          .execute()
      : [];
    return rows.map((r) => ({
      guid: r.guid,
      name: `${r.first_name} ${r.last_name}`,
      channel: r.channel,
      note: r.note,
      recordedBy: r.recorded_by,
      requestedAt: r.requested_at,
      declinedFor: reasons.find((d) => d.application_id === r.id)?.reason ?? '',
    }));
  }
}
