import { ErrorId } from '@lender/contract/error-ids';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesTo } from '../../test/account-holder';
import { statusOf } from '../../test/live-loan';
import { createStaffSession, staffInject } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signedUndecided } from '../../test/undecided-signature';
import { referralTestSupport, URL_OF } from './referral-calls-test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const { get, post } = staffInject(() => t);
const { referred, reviewAsked, auditOf } = referralTestSupport(() => t);

describe('deciding a referral', () => {
  it('declines with a reason: the status moves, the applicant is e-mailed, the audit names the underwriter', async () => {
    const signer = await referred();
    const underwriter = await createStaffSession(t.ctx, 'underwriter');
    const before = (await messagesTo(t, signer.email)).length;
    const res = await t.app.inject({
      method: 'POST',
      url: URL_OF.decide,
      headers: { cookie: underwriter.cookie },
      remoteAddress: '198.51.100.4',
      payload: {
        applicationGuid: signer.guid,
        decision: 'decline',
        reason: '  Income could not be verified.  ',
      },
    });
    expect(res.json()).toEqual({
      error: { errorID: 0, errorMessage: '' },
      object: {
        applicationGuid: signer.guid,
        decision: 'decline',
        kind: 'referral',
        statusBefore: AppStatus.undewritingReview,
        statusAfter: AppStatus.leadDeclined,
      },
    });
    expect(await statusOf(t, signer.guid)).toBe(AppStatus.leadDeclined);
    const mails = await messagesTo(t, signer.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.text).toContain('Why: Income could not be verified.');
    const decision = await t.ctx.db
      .selectFrom('application_decisions')
      .select(['kind', 'actor', 'reason'])
      .where('application_id', '=', signer.applicationId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(decision).toEqual({
      kind: 'underwriter-declined',
      actor: `staff:${underwriter.member.id}`,
      reason: 'underwriter: Income could not be verified.',
    });
    const audit = await auditOf(signer.guid, 'application-declined');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor).toBe(`staff:${underwriter.member.id}`);
    expect(JSON.parse(audit[0]!.details!)).toEqual({
      customerId: signer.customerId,
      before: { statusId: AppStatus.undewritingReview },
      after: { statusId: AppStatus.leadDeclined },
      reason: 'Income could not be verified.',
      address: '198.51.100.4',
    });

    // Decided, it waits for nobody: a second decision is refused and changes nothing.
    const again = await post(URL_OF.decide, underwriter.cookie, {
      applicationGuid: signer.guid,
      decision: 'approve',
      reason: 'Changed my mind',
    });
    expect(again.json().error.errorID).toBe(ErrorId.conflict);
    expect(again.json().error.errorMessage).toMatch(/not waiting for a person's decision/);
    expect(await statusOf(t, signer.guid)).toBe(AppStatus.leadDeclined);
    expect(await messagesTo(t, signer.email)).toHaveLength(before + 1);
  });

  it('approves with a reason: the money is paid out and the applicant told, as the ops command does', async () => {
    const signer = await referred();
    const underwriter = await createStaffSession(t.ctx, 'underwriter');
    const res = await post(URL_OF.decide, underwriter.cookie, {
      applicationGuid: signer.guid,
      decision: 'approve',
      reason: 'Age checked with the customer by phone.',
    });
    expect(res.json().object).toMatchObject({
      kind: 'referral',
      statusBefore: AppStatus.undewritingReview,
      statusAfter: AppStatus.active,
    });
    expect((await messagesTo(t, signer.email)).map((m) => m.subject)).toContainEqual(
      expect.stringMatching(/approved/),
    );
    const decision = await t.ctx.db
      .selectFrom('application_decisions')
      .select(['actor', 'reason'])
      .where('application_id', '=', signer.applicationId)
      .where('kind', '=', 'underwriter-approved')
      .executeTakeFirstOrThrow();
    expect(decision).toEqual({
      actor: `staff:${underwriter.member.id}`,
      reason: 'Age checked with the customer by phone.',
    });
    expect(await auditOf(signer.guid, 'application-approved')).toHaveLength(1);
  });

  it('refuses a decision without a reason, and changes nothing', async () => {
    const signer = await referred();
    const underwriter = await createStaffSession(t.ctx, 'underwriter');
    const before = (await messagesTo(t, signer.email)).length;
    for (const reason of [undefined, '', '    ', 'abc', 'x'.repeat(501)]) {
      const res = await post(URL_OF.decide, underwriter.cookie, {
        applicationGuid: signer.guid,
        decision: 'decline',
        ...(reason === undefined ? {} : { reason }),
      });
      expect(res.statusCode, String(reason)).toBe(400);
      expect(res.json().object.fields.reason, String(reason)).toMatch(/reason/i);
    }
    expect(await statusOf(t, signer.guid)).toBe(AppStatus.undewritingReview);
    expect(await messagesTo(t, signer.email)).toHaveLength(before);
    expect(await auditOf(signer.guid, 'application-declined')).toEqual([]);
  });

  it('refuses an application that waits for the rules, not a person, and changes nothing', async () => {
    const applicationId = await signedUndecided(t);
    const { guid } = await t.ctx.db
      .selectFrom('applications')
      .select('guid')
      .where('id', '=', applicationId)
      .executeTakeFirstOrThrow();
    const underwriter = await createStaffSession(t.ctx, 'underwriter');
    const refused = await post(URL_OF.decide, underwriter.cookie, {
      applicationGuid: guid,
      decision: 'approve',
      reason: 'Looks fine to me',
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().error).toEqual({
      errorID: ErrorId.conflict,
      errorMessage: `Application ${guid} is not waiting for a person's decision (it is not referred, and no review is open).`,
    });
    expect(await statusOf(t, guid)).toBe(AppStatus.undewriting);
    const unknown = await post(URL_OF.decide, underwriter.cookie, {
      applicationGuid: '6f1c2a9e-0d7b-4c55-9a61-2f0e8b3d4c11',
      decision: 'approve',
      reason: 'Looks fine to me',
    });
    expect(unknown.json().error.errorID).toBe(ErrorId.notFound);
  });
});

describe('answering a review request', () => {
  it('upholds the decline: the request closes, the applicant is told why, the decision names the underwriter', async () => {
    const review = await reviewAsked();
    const underwriter = await createStaffSession(t.ctx, 'underwriter');
    const res = await post(URL_OF.decide, underwriter.cookie, {
      applicationGuid: review.guid,
      decision: 'decline',
      reason: 'The judgment is on the file and unpaid.',
    });
    expect(res.json().object).toEqual({
      applicationGuid: review.guid,
      decision: 'decline',
      kind: 'reviewRequest',
      statusBefore: AppStatus.leadDeclined,
      statusAfter: AppStatus.leadDeclined,
    });
    const request = await t.ctx.db
      .selectFrom('decision_review_requests')
      .selectAll()
      .where('application_id', '=', review.id)
      .executeTakeFirstOrThrow();
    expect(request.reviewed_at).not.toBeNull();
    const mail = (await messagesTo(t, review.email)).at(-1)!;
    expect(mail.subject).toMatch(/our review/);
    expect(mail.text).toContain('Why: The judgment is on the file and unpaid.');
    const decision = await t.ctx.db
      .selectFrom('application_decisions')
      .select(['kind', 'actor'])
      .where('application_id', '=', review.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(decision).toEqual({ kind: 'review-upheld', actor: `staff:${underwriter.member.id}` });
    expect(await auditOf(review.guid, 'review-upheld')).toHaveLength(1);
    const queue = (await get(URL_OF.referrals, underwriter.cookie)).json().object.referrals;
    expect(queue.map((r: { applicationGuid: string }) => r.applicationGuid)).not.toContain(review.guid);
  });
  it('overturns the decline: the request closes and the applicant is invited to apply again', async () => {
    const review = await reviewAsked();
    const underwriter = await createStaffSession(t.ctx, 'underwriter');
    const res = await post(URL_OF.decide, underwriter.cookie, {
      applicationGuid: review.guid,
      decision: 'approve',
      reason: 'The judgment was satisfied in May: the receipt was sent.',
    });
    expect(res.json().object).toMatchObject({ kind: 'reviewRequest', statusAfter: AppStatus.leadDeclined });
    const mail = (await messagesTo(t, review.email)).at(-1)!;
    expect(mail.text).toContain('does not uphold the decline');
    expect(mail.text).toContain('please apply again');
    expect(await auditOf(review.guid, 'review-overturned')).toHaveLength(1);
    const again = await post(URL_OF.decide, underwriter.cookie, {
      applicationGuid: review.guid,
      decision: 'decline',
      reason: 'Second answer',
    });
    expect(again.json().error.errorID).toBe(ErrorId.conflict);
  });
});

describe('asking for a document', () => {
  it('e-mails the applicant, records who asked, and the application keeps waiting', async () => {
    const signer = await referred();
    const underwriter = await createStaffSession(t.ctx, 'underwriter');
    const res = await post(URL_OF.ask, underwriter.cookie, {
      applicationGuid: signer.guid,
      document: 'proofOfIncome',
      note: 'Your last two payslips, please.',
    });
    expect(res.json()).toEqual({
      error: { errorID: 0, errorMessage: '' },
      object: { applicationGuid: signer.guid, document: 'proofOfIncome', sentTo: signer.email },
    });
    const mail = (await messagesTo(t, signer.email)).at(-1)!;
    expect(mail.subject).toMatch(/we need a document from you/);
    expect(mail.text).toContain('proof of income');
    expect(mail.text).toContain('Our underwriter adds: Your last two payslips, please.');
    expect(mail.text).toContain(new URL('/account/documents', t.ctx.config.PUBLIC_URL).toString());
    expect(await statusOf(t, signer.guid)).toBe(AppStatus.undewritingReview);
    const decision = await t.ctx.db
      .selectFrom('application_decisions')
      .select(['kind', 'actor', 'reason'])
      .where('application_id', '=', signer.applicationId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(decision).toEqual({
      kind: 'document-requested',
      actor: `staff:${underwriter.member.id}`,
      reason: 'proofOfIncome: Your last two payslips, please.',
    });
    expect((await auditOf(signer.guid, 'document-requested')).map((e) => e.actor)).toEqual([
      `staff:${underwriter.member.id}`,
    ]);
    // A document that is not one of the three is refused before anything is sent.
    const count = (await messagesTo(t, signer.email)).length;
    const bad = await post(URL_OF.ask, underwriter.cookie, {
      applicationGuid: signer.guid,
      document: 'passport',
    });
    expect(bad.statusCode).toBe(400);
    expect(await messagesTo(t, signer.email)).toHaveLength(count);
  });
});
