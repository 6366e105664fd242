import { addDays } from '@lender/contract/dates';
import { PLAN_PAUSE_MAX_DAYS } from '@lender/contract/calls/staff-plans';
import { Refusal } from '@lender/contract/refusals';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, nextYear } from '../../sandbox/card-provider/test-support';
import { messagesTo } from '../../test/account-holder';
import { fingerprint, tokeniseCard } from '../../test/application-journey';
import {
  activeLoan,
  attemptsOf,
  decisionsOf,
  dueDates,
  myAccountGet,
  statusOf,
  travelTo,
} from '../../test/live-loan';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 46 item 7: a customer in arrears who tells us they are getting debt advice has collections paused
 * for 30 days, at no interest or fee, once per loan online (docs/decisions/075).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pause = (authorization: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/MyAccountArea/PauseForDebtAdvice',
    headers: { authorization, 'content-type': 'application/json' },
    payload: '{}',
  });

const schedule = async (authorization: string) =>
  (await myAccountGet(t, 'GetScheduleSummary', authorization)).json().object;

const chargesFrom = (applicationId: number, from: string) =>
  t.ctx.db
    .selectFrom('loan_transactions')
    .select(['type', 'on_date'])
    .where('application_id', '=', applicationId)
    .where('on_date', '>=', from)
    .where('type', 'in', ['interest', 'default-fee'])
    .execute();

describe('MyAccountArea/PauseForDebtAdvice', () => {
  it('refuses a loan that is up to date, changing nothing', async () => {
    const loan = await activeLoan(t);
    const before = await schedule(loan.authorization);
    expect((await pause(loan.authorization)).json()).toEqual({
      error: Refusal.pauseNotInArrears,
      object: null,
    });
    expect(await schedule(loan.authorization)).toEqual(before);
  });

  it('pauses collections and charges for 30 days, once per loan, with the customer as the actor', async () => {
    // Blocked after two declined collections, then a new card: tonight's close of business would collect.
    const loan = await activeLoan(t, CARDS.declinesCharges);
    const [first] = await dueDates(t, loan.applicationId);
    await travelTo(t, addDays(first!, 2));
    const today = t.ctx.businessDate.today();
    expect(await statusOf(t, loan.guid)).toBe(AppStatus.arrears);
    const res = await pause(loan.authorization);
    const pauseUntil = addDays(today, PLAN_PAUSE_MAX_DAYS);
    expect(res.json()).toEqual({ error: { errorID: 0, errorMessage: '' }, object: { pauseUntil } });
    // Asked again while it stands: the same pause, nothing new stored.
    expect((await pause(loan.authorization)).json().object).toEqual({ pauseUntil });

    const after = await schedule(loan.authorization);
    expect(after.paidByOtherMeans).toBe(true);
    // Nothing is overdue under the pause: up to date at once, not 'Payment overdue' until tonight.
    expect(await statusOf(t, loan.guid)).toBe(AppStatus.active);
    // The overdue payment falls after the pause; nothing is overdue meanwhile.
    expect(after.nextInstalment.date).toBe(addDays(pauseUntil, 1));
    const decisions = await t.ctx.db
      .selectFrom('application_decisions')
      .select(['kind', 'actor'])
      .where('application_id', '=', loan.applicationId)
      .where('kind', '=', 'rescheduled-forbearance')
      .execute();
    expect(decisions).toEqual([{ kind: 'rescheduled-forbearance', actor: `customer:${loan.customerId}` }]);
    const [email] = (await messagesTo(t, loan.email!)).filter((m) => /paused/.test(m.subject ?? ''));
    expect(email?.text).toContain('getting debt advice');

    // A new card lifts the block, but nothing is collected, and no interest or fee is added, in the pause.
    const tokenised = await tokeniseCard(t, CARDS.other);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/MyAccountArea/AddCreditCard',
      headers: { authorization: loan.authorization },
      payload: {
        creditCard: { nameOnCard: 'Jane Doe', endMonth: 11, endYear: nextYear() },
        address: null,
        pKey: tokenised.key,
        trxId: tokenised.trxId,
        isSignature: await fingerprint(t, tokenised),
      },
    });
    expect(added.json().object).toMatchObject({ nextCollection: null });
    const attempts = (await attemptsOf(t, loan.applicationId)).length;
    await travelTo(t, addDays(today, 10));
    expect(await attemptsOf(t, loan.applicationId)).toHaveLength(attempts);
    expect(await chargesFrom(loan.applicationId, today)).toEqual([]);

    // Once the pause is over, another is for a person to agree.
    await travelTo(t, addDays(pauseUntil, 2));
    expect((await pause(loan.authorization)).json()).toEqual({
      error: Refusal.pauseAlreadyTaken,
      object: null,
    });
    expect(
      (await decisionsOf(t, loan.applicationId)).filter((d) => d.kind === 'rescheduled-forbearance'),
    ).toHaveLength(1);
  });

  it('answers a customer with no loan being repaid', async () => {
    const loan = await activeLoan(t);
    await t.ctx.db
      .updateTable('loans')
      .set({ settled_on: t.ctx.businessDate.today() })
      .where('application_id', '=', loan.applicationId)
      .execute();
    expect((await pause(loan.authorization)).json().error).toEqual(Refusal.noLoanToPause);
  });
});
