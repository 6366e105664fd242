import { addDays, formatDisplayDate } from '@lender/contract/dates';
import { ErrorId } from '@lender/contract/error-ids';
import { Refusal } from '@lender/contract/refusals';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS } from '../../entities/audit/actor';
import { positionOf } from '../../entities/loans/ledger';
import { loanRepository } from '../../entities/loans/loan-repository';
import { messagesTo } from '../../test/account-holder';
import { createSession } from '../../test/factories';
import { activeLoan, dueDates, loanInArrears, statusOf, travelTo } from '../../test/live-loan';
import { createTestApp, type TestApp } from '../../test/test-app';
import { legalStaff as staffOf } from './legal-staff';
import { legalStaff, preClaimTestSupport, REPLY } from './pre-claim-test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { getPreClaim, submitReply } = preClaimTestSupport(() => t);

describe('the legal flag gates the pre-claim calls', () => {
  it('an account not flagged gets neither the area nor a reply stored', async () => {
    const me = await createSession(t.ctx, { is_legal: 0 });
    expect((await getPreClaim(me.authorization)).json()).toEqual({
      error: Refusal.preClaimClosed,
      object: null,
    });
    expect((await submitReply(me.authorization, REPLY)).json()).toEqual({
      error: Refusal.preClaimClosed,
      object: null,
    });
    expect(
      await t.ctx.db
        .selectFrom('pre_claim_replies')
        .selectAll()
        .where('customer_id', '=', me.customer.id)
        .execute(),
    ).toEqual([]);
  });

  it('asks for a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/PreClaim/GetPreClaim' })).statusCode).toBe(401);
  });
});

describe("the legal flag, only after a default notice's remedy date (s87(1), issue 46 item 1)", () => {
  /** Everything flagging may change: the flag, letters, the audit, the customer's messages. */
  const stateOf = async (loan: { applicationId: number; customerId: number; email: string }) => ({
    customer: await t.ctx.db
      .selectFrom('customers')
      .select('is_legal')
      .where('id', '=', loan.customerId)
      .executeTakeFirstOrThrow(),
    letters: await t.ctx.db
      .selectFrom('pre_claim_letters')
      .selectAll()
      .where('application_id', '=', loan.applicationId)
      .execute(),
    audit: await t.ctx.db.selectFrom('audit_events').select('id').execute(),
    documents: await t.ctx.db
      .selectFrom('documents')
      .select('id')
      .where('customer_id', '=', loan.customerId)
      .execute(),
    messages: (await messagesTo(t, loan.email)).length,
  });

  it('refuses a loan that is up to date: no flag, no Letter of Claim, nothing recorded', async () => {
    const loan = await activeLoan(t);
    const before = await stateOf(loan);
    const result = await staffOf(t.ctx).flag(loan.guid, true, OPS);
    expect(result).toEqual({
      ok: false,
      code: 'not-defaulted',
      message: `${loan.guid}: The loan is not in default: a Letter of Claim for the whole balance needs a default notice whose remedy date has passed (Consumer Credit Act 1974 s87(1), s88(2)).`,
    });
    expect(await stateOf(loan)).toEqual(before);
    expect(before.customer.is_legal).toBe(0);
    expect(before.letters).toEqual([]);
  });

  it('refuses a loan whose default notice still gives time to remedy, and one never given a notice', async () => {
    const loan = await activeLoan(t);
    const today = t.ctx.businessDate.today();
    await t.ctx.db
      .updateTable('loans')
      .set({ default_notice_on: addDays(today, -14), remedy_by: today })
      .where('application_id', '=', loan.applicationId)
      .execute();
    const before = await stateOf(loan);
    expect(await staffOf(t.ctx).flag(loan.guid, true, OPS)).toMatchObject({
      ok: false,
      code: 'not-defaulted',
    });
    // Defaulted on the books, but its remedy date is today: the customer may still pay today.
    await t.ctx.db
      .updateTable('loans')
      .set({ defaulted_on: today })
      .where('application_id', '=', loan.applicationId)
      .execute();
    await t.ctx.db
      .updateTable('applications')
      .set({ status_id: AppStatus.defaulted })
      .where('id', '=', loan.applicationId)
      .execute();
    expect(await staffOf(t.ctx).flag(loan.guid, true, OPS)).toEqual({
      ok: false,
      code: 'remedy-date-not-passed',
      message: `${loan.guid}: The default notice of ${formatDisplayDate(addDays(today, -14))} gives until ${formatDisplayDate(today)} to remedy the breach: a Letter of Claim for the whole balance needs a default notice whose remedy date has passed (Consumer Credit Act 1974 s87(1), s88(2)).`,
    });
    await t.ctx.db
      .updateTable('loans')
      .set({ default_notice_on: null, remedy_by: null })
      .where('application_id', '=', loan.applicationId)
      .execute();
    expect(await staffOf(t.ctx).flag(loan.guid, true, OPS)).toMatchObject({
      ok: false,
      code: 'no-default-notice',
    });
    expect(await stateOf(loan)).toEqual(before);
  });
});

describe('the close of business', () => {
  let cob: TestApp;
  beforeAll(async () => {
    // The shortest notice and remedy periods the settings allow, and the flag a day after default.
    cob = await createTestApp({
      DEFAULT_NOTICE_AFTER_DAYS: '14',
      DEFAULT_REMEDY_DAYS: '14',
      LEGAL_AFTER_DAYS: '1',
    });
  });
  afterAll(() => cob.close());

  it('flags an account after default and issues its Letter of Claim once, interest frozen', async () => {
    const loan = await loanInArrears(cob);
    const [first] = await dueDates(cob, loan.applicationId);
    await travelTo(cob, addDays(first!, 33));
    expect(await statusOf(cob, loan.guid)).toBe(AppStatus.defaulted);
    const customer = await cob.ctx.db
      .selectFrom('customers')
      .select('is_legal')
      .where('id', '=', loan.customerId)
      .executeTakeFirstOrThrow();
    expect(customer.is_legal).toBe(1);
    const letters = await cob.ctx.db
      .selectFrom('pre_claim_letters')
      .selectAll()
      .where('application_id', '=', loan.applicationId)
      .execute();
    expect(letters).toHaveLength(1);
    const book = (await loanRepository(cob.ctx.db).books([loan.applicationId])).get(loan.applicationId)!;
    expect(letters[0]).toMatchObject({
      issued_on: cob.ctx.businessDate.today(),
      amount_pence: positionOf(book.terms, book.rows).totalDuePence,
      interest_continues: 0,
      daily_interest_pence: 0,
      state: 'open',
      // The job that issued it, not a person.
      issued_by: 'system:close-of-business',
    });

    // Staff unflag it: the next days do not flag it again, nor write another letter.
    expect((await legalStaff(cob.ctx).flag(loan.guid, false)).ok).toBe(true);
    await travelTo(cob, addDays(first!, 36));
    expect(
      (
        await cob.ctx.db
          .selectFrom('customers')
          .select('is_legal')
          .where('id', '=', loan.customerId)
          .executeTakeFirstOrThrow()
      ).is_legal,
    ).toBe(0);
    expect(
      await cob.ctx.db
        .selectFrom('pre_claim_letters')
        .select('id')
        .where('application_id', '=', loan.applicationId)
        .execute(),
    ).toHaveLength(1);
  });
});

describe('a flagged account with no letter yet', () => {
  it('sees the area without a letter, and cannot reply', async () => {
    const me = await createSession(t.ctx, { is_legal: 1 });
    const area = (await getPreClaim(me.authorization)).json();
    expect(area.error.errorID).toBe(0);
    expect(area.object).toEqual({ letter: null, statement: [], reply: null, applicationFigures: null });
    expect((await submitReply(me.authorization, REPLY)).json().error.errorID).toBe(ErrorId.noLetterToReply);
  });
});
