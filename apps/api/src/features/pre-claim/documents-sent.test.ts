import type { PreClaimReply } from '@lender/contract/calls/pre-claim';
import { addDays } from '@lender/contract/dates';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS } from '../../entities/audit/actor';
import { loanInArrears, dueDates, statusOf, travelTo } from '../../test/live-loan';
import { createTestApp, type TestApp } from '../../test/test-app';
import { legalArgs } from '../../ops/legal-args';
import { documentsSentLines } from '../../ops/documents-sent-format';
import { recordDocumentsSent } from './documents-sent';

const REPLY: PreClaimReply = {
  owes: 'part',
  partAmount: 100,
  disputeReason: 'I paid some of it by bank transfer.',
  wantsDocuments: true,
  documentsWanted: 'A copy of my agreement and the statement of my payments.',
  proposesInstalments: false,
  seekingAdvice: false,
};

describe('the 30 days after a request for documents count from when they are sent', () => {
  let t: TestApp;
  let loan: Awaited<ReturnType<typeof loanInArrears>>;
  let letterOn: string;
  beforeAll(async () => {
    // The shortest notice and remedy periods the settings allow, and the flag (with its letter) a day
    // after default, as the close of business gives it.
    t = await createTestApp({
      DEFAULT_NOTICE_AFTER_DAYS: '14',
      DEFAULT_REMEDY_DAYS: '14',
      LEGAL_AFTER_DAYS: '1',
    });
    loan = await loanInArrears(t);
    const [first] = await dueDates(t, loan.applicationId);
    await travelTo(t, addDays(first!, 33));
    expect(await statusOf(t, loan.guid)).toBe(AppStatus.defaulted);
    const letter = await t.ctx.db
      .selectFrom('pre_claim_letters')
      .selectAll()
      .where('application_id', '=', loan.applicationId)
      .executeTakeFirstOrThrow();
    letterOn = letter.issued_on;
  });
  afterAll(() => t.close());

  const getPreClaim = () =>
    t.app.inject({
      method: 'GET',
      url: '/api/PreClaim/GetPreClaim',
      headers: { authorization: loan.authorization },
    });

  it('a reply asking for documents gives at least 30 days from the reply, not only from the letter', async () => {
    const repliedOn = addDays(letterOn, 10);
    await travelTo(t, repliedOn);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/PreClaim/SubmitReply',
      headers: { authorization: loan.authorization },
      payload: REPLY,
    });
    expect(res.json().error.errorID).toBe(0);
    // Before: the day after the letter's 30 days (letter + 31), 20 days before the documents could count.
    expect(res.json().object.noClaimBefore).toBe(addDays(repliedOn, 31));
  });

  it('staff record the documents sent: no claim before the day after 30 days from then', async () => {
    const sentOn = addDays(letterOn, 25);
    await travelTo(t, sentOn);
    const parsed = legalArgs([loan.guid, 'documents-sent']);
    expect(parsed).toEqual({ verb: 'documents-sent', guid: loan.guid });
    const outcome = await recordDocumentsSent(t.ctx, loan.guid, OPS);
    expect(outcome).toEqual({
      ok: true,
      value: { guid: loan.guid, sentOn, noClaimBefore: addDays(sentOn, 31), by: OPS },
    });
    if (outcome.ok) {
      expect(documentsSentLines(outcome.value)).toEqual([
        `${loan.guid}: documents the reply asked for sent on ${sentOn}; no claim before ${addDays(sentOn, 31)}.`,
      ]);
    }
    expect((await getPreClaim()).json().object.reply.noClaimBefore).toBe(addDays(sentOn, 31));
    // Recorded once: a second call a week later moves nothing.
    await travelTo(t, addDays(sentOn, 7));
    const again = await recordDocumentsSent(t.ctx, loan.guid, OPS);
    expect(again.ok && again.value.sentOn).toBe(sentOn);
    const audit = await t.ctx.db
      .selectFrom('audit_events')
      .select(['action', 'actor'])
      .where('action', '=', 'pre-claim-documents-sent')
      .execute();
    expect(audit).toEqual([{ action: 'pre-claim-documents-sent', actor: OPS }]);
  });

  it('refuses an application without a letter in progress, changing nothing', async () => {
    expect(await recordDocumentsSent(t.ctx, 'no-such-guid', OPS)).toEqual({
      ok: false,
      message: 'There is no application no-such-guid.',
    });
  });
});
