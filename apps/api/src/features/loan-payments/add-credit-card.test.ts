import { randomUUID } from 'node:crypto';
import { cardRefusalText } from '@lender/contract/card-refusals';
import { addDays } from '@lender/contract/dates';
import { ErrorId } from '@lender/contract/error-ids';
import { nextWorkingDay } from '@lender/contract/pricing/bank-holidays';
import { WageFrequencyId } from '@lender/contract/pricing/repayment-dates';
import { Refusal } from '@lender/contract/refusals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesTo } from '../../test/account-holder';
import { CARDS, nextYear } from '../../sandbox/card-provider/test-support';
import { answerBankChallenge, fingerprint, tokeniseCard } from '../../test/application-journey';
import {
  activeLoan,
  attemptsOf,
  dueDates,
  myAccountGet,
  signedNotPaidOut,
  travelTo,
} from '../../test/live-loan';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** AddCreditCard's body for a card the browser had the provider check. */
async function checkedCard(cardNumber: string) {
  const tokenised = await tokeniseCard(t, cardNumber);
  return {
    creditCard: { nameOnCard: 'Jane Doe', endMonth: 11, endYear: nextYear() },
    address: null,
    pKey: tokenised.key,
    trxId: tokenised.trxId,
    isSignature: await fingerprint(t, tokenised),
  };
}

const addCard = (authorization: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/MyAccountArea/AddCreditCard',
    headers: { authorization },
    payload: body,
  });

const cardsOf = (customerId: number) =>
  t.ctx.db
    .selectFrom('cards')
    .select(['last4'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();

describe('MyAccountArea/AddCreditCard', () => {
  it('unblocks a blocked loan, says when the next collection is, and the next close of business collects from the new card', async () => {
    const loan = await activeLoan(t, CARDS.declinesCharges);
    const [first] = await dueDates(t, loan.applicationId);
    await travelTo(t, addDays(first!, 2));
    expect((await myAccountGet(t, 'GetScheduleSummary', loan.authorization)).json().object.blocked).toBe(
      true,
    );
    expect((await attemptsOf(t, loan.applicationId)).map((a) => a.outcome)).toEqual(['declined', 'declined']);

    const res = await addCard(loan.authorization, await checkedCard(CARDS.other));
    const today = t.ctx.businessDate.today();
    const schedule = (await myAccountGet(t, 'GetScheduleSummary', loan.authorization)).json().object;
    expect(res.json()).toEqual({
      error: { errorID: 0, errorMessage: '' },
      object: { redirectUrl: null, nextCollection: { date: today, amount: schedule.schedule[0].pmt } },
    });
    expect(schedule.blocked).toBe(false);
    expect((await cardsOf(loan.customerId)).map((c) => c.last4)).toEqual(['0341', '4444']);
    const [email] = (await messagesTo(t, loan.email!)).filter((m) => /new card/.test(m.subject ?? ''));
    expect(email?.text).toContain('ending 4444');

    await travelTo(t, addDays(today, 1));
    expect(
      (await attemptsOf(t, loan.applicationId)).map((a) => [a.seq, a.attempt, a.on_date, a.outcome]),
    ).toEqual([
      [1, 1, first, 'declined'],
      [1, 2, addDays(first!, 1), 'declined'],
      [1, 3, today, 'approved'],
    ]);
    const after = (await myAccountGet(t, 'GetScheduleSummary', loan.authorization)).json().object;
    expect(after.schedule[0].isPayed).toBe(true);
  });

  it('while a plan paid by other means stands, a new card unblocks the loan but collects nothing (issue 46 item 7)', async () => {
    const loan = await activeLoan(t, CARDS.declinesCharges);
    const [first] = await dueDates(t, loan.applicationId);
    await travelTo(t, addDays(first!, 2));
    const today = t.ctx.businessDate.today();
    const plan = await t.app.inject({
      method: 'POST',
      url: '/api/MyAccountArea/ReSchedule',
      headers: { authorization: loan.authorization, 'idempotency-key': randomUUID() },
      payload: {
        frequencyID: WageFrequencyId.monthly,
        duration: 6,
        repayDate: nextWorkingDay(addDays(today, 10)),
        amount: null,
        byOtherMeans: true,
        incomeAndOutgoings: {
          monthlyIncome: 1200,
          housing: 500,
          bills: 150,
          credit: 0,
          living: 300,
          other: 0,
        },
      },
    });
    expect(plan.json().error.errorID).toBe(0);
    const schedule = async () =>
      (await myAccountGet(t, 'GetScheduleSummary', loan.authorization)).json().object;
    expect(await schedule()).toMatchObject({ blocked: true, paidByOtherMeans: true });

    const res = await addCard(loan.authorization, await checkedCard(CARDS.other));
    expect(res.json().object).toEqual({ redirectUrl: null, nextCollection: null });
    expect(await schedule()).toMatchObject({ blocked: false, paidByOtherMeans: true });
    const attempts = (await attemptsOf(t, loan.applicationId)).length;
    await travelTo(t, addDays(today, 3));
    expect(await attemptsOf(t, loan.applicationId)).toHaveLength(attempts);
  });

  it("sends the browser to the bank's challenge and back to update-card, then stores the card once", async () => {
    const loan = await activeLoan(t);
    const body = await checkedCard(CARDS.challenge);
    const first = await addCard(loan.authorization, body);
    const { redirectUrl } = first.json().object;
    expect(redirectUrl).toMatch(/\/sandbox\/card-provider\/challenge\?/);
    expect(await cardsOf(loan.customerId)).toHaveLength(1);
    const back = await answerBankChallenge(t, redirectUrl, 'confirm');
    expect(`${back.origin}${back.pathname}`).toBe(
      new URL('/borrow/update-card', t.ctx.config.PUBLIC_URL).href,
    );

    const answers = await Promise.all([addCard(loan.authorization, body), addCard(loan.authorization, body)]);
    for (const res of answers) expect(res.json().object.redirectUrl).toBeNull();
    expect((await cardsOf(loan.customerId)).map((c) => c.last4)).toEqual(['1111', '3220']);
  });

  it('refuses a declined or expired card with the reason, and keeps the card on file', async () => {
    const loan = await activeLoan(t);
    const declined = await addCard(loan.authorization, await checkedCard(CARDS.declined));
    expect(declined.json().error).toEqual({
      errorID: ErrorId.cardDeclined,
      // The provider's 05 (do not honour) in plain words with the next step (issue 31).
      errorMessage: cardRefusalText('05'),
    });
    const expired = await addCard(loan.authorization, await checkedCard(CARDS.expired));
    expect(expired.json().error).toEqual(Refusal.cardExpired);
    expect(await cardsOf(loan.customerId)).toHaveLength(1);
  });

  it('gives a cancelled CPA again with the new card, as the page asks the customer to', async () => {
    const loan = await activeLoan(t);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: '/api/MyAccountArea/CancelCpa',
      headers: { authorization: loan.authorization },
      payload: {},
    });
    expect(cancelled.json().error.errorID).toBe(0);
    expect((await myAccountGet(t, 'GetScheduleSummary', loan.authorization)).json().object.cpaCancelled).toBe(
      true,
    );
    const res = await addCard(loan.authorization, await checkedCard(CARDS.other));
    expect(res.json().object.nextCollection).not.toBeNull();
    expect((await myAccountGet(t, 'GetScheduleSummary', loan.authorization)).json().object.cpaCancelled).toBe(
      false,
    );
  });

  // Issue 45 item 5: B's AddCreditCard with A's pKey and trxId stored A's card for B.
  it("refuses another customer's card check, storing nothing; its owner's own still works", async () => {
    const [a, b] = [await activeLoan(t), await activeLoan(t)];
    const body = await checkedCard(CARDS.other);
    expect((await addCard(a.authorization, body)).json().error.errorID).toBe(0);
    const bCardsBefore = await cardsOf(b.customerId);

    const res = await addCard(b.authorization, body);
    expect(res.json()).toEqual({ error: Refusal.cardCheckNotYours, object: null });
    expect(await cardsOf(b.customerId)).toEqual(bCardsBefore);

    // The same check presented by another customer first is theirs: the owner is then the one refused.
    const first = await checkedCard(CARDS.other);
    expect((await addCard(b.authorization, first)).json().error.errorID).toBe(0);
    expect((await addCard(a.authorization, first)).json().error).toEqual(Refusal.cardCheckNotYours);
    // The owner sending its own check again is answered as before (stored once).
    expect((await addCard(a.authorization, body)).json().error.errorID).toBe(0);
    expect((await cardsOf(a.customerId)).map((c) => c.last4).filter((l) => l === '4444')).toHaveLength(1);
  });

  it('refuses a customer with no loan to repay', async () => {
    const signed = await signedNotPaidOut(t);
    const res = await addCard(signed.authorization, await checkedCard(CARDS.other));
    expect(res.json().error).toEqual(Refusal.noLoanForCard);
  });
});
