import { randomUUID } from 'node:crypto';
import { addDays, type IsoDate } from '@lender/contract/dates';
import { nextWorkingDay } from '@lender/contract/pricing/bank-holidays';
import { WageFrequencyId } from '@lender/contract/pricing/repayment-dates';
import { Refusal } from '@lender/contract/refusals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS } from '../../sandbox/card-provider/test-support';
import { cardPayment, cardPayments, newCard, round2, totalDue } from '../../test/card-payment';
import {
  activeLoan,
  attemptsOf,
  dueDates,
  loanInArrears,
  myAccountGet,
  travelTo,
} from '../../test/live-loan';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 45 items 8, 9 and 12: paying once while the card is blocked, the next instalment as a choice,
 * and what a new plan costs beside today's.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const schedule = async (authorization: string) =>
  (await myAccountGet(t, 'GetScheduleSummary', authorization)).json().object;

const loanRow = (applicationId: number) =>
  t.ctx.db
    .selectFrom('loans')
    .select(['blocked_on', 'blocked_reason', 'cpa_renewed_at', 'cpa_cancelled_at'])
    .where('application_id', '=', applicationId)
    .executeTakeFirstOrThrow();

const cardsOf = (customerId: number) =>
  t.ctx.db.selectFrom('cards').select(['id', 'last4']).where('customer_id', '=', customerId).execute();

/** A loan whose card on file declined both collections of its first instalment: blocked. */
async function blockedLoan() {
  const loan = await activeLoan(t, CARDS.declinesCharges);
  const [first] = await dueDates(t, loan.applicationId);
  await travelTo(t, addDays(first!, 2));
  expect((await schedule(loan.authorization)).blocked).toBe(true);
  return loan;
}

const pence = (pounds: number) => Math.round(pounds * 100);

describe('a blocked card: paying once with a new card', () => {
  it('pays the next instalment with no new authority: card on file, block and collections stay as they were', async () => {
    const loan = await blockedLoan();
    const before = await loanRow(loan.applicationId);
    const cardsBefore = await cardsOf(loan.customerId);
    const attemptsBefore = await attemptsOf(t, loan.applicationId);
    const { nextInstalment } = await schedule(loan.authorization);
    expect(nextInstalment).toEqual({
      date: (await dueDates(t, loan.applicationId))[0],
      amount: expect.any(Number),
      // Overdue: a new authority would collect it at tonight's close of business.
      collectOn: t.ctx.businessDate.today(),
    });

    const res = await cardPayment(t, loan.authorization, {
      payNext: true,
      amount: nextInstalment.amount,
      ...(await newCard(t, CARDS.other)),
    });
    expect(res.json()).toMatchObject({
      error: { errorID: 0, errorMessage: '' },
      object: { redirectUrl: null },
    });
    // The receipt names the card used once, not the card on file.
    expect(res.json().object.receipt).toMatchObject({ cardLast4: '4444' });
    expect(await cardPayments(t, loan.applicationId)).toEqual([
      expect.objectContaining({ amount_pence: pence(nextInstalment.amount) }),
    ]);
    // No card stored, no authority given or renewed, the block left for the customer to lift.
    expect(await cardsOf(loan.customerId)).toEqual(cardsBefore);
    expect(await loanRow(loan.applicationId)).toEqual(before);
    const after = await schedule(loan.authorization);
    expect(after.blocked).toBe(true);
    expect(after.schedule[0].isPayed).toBe(true);

    // The next close of business collects nothing from any card.
    await travelTo(t, addDays(t.ctx.businessDate.today(), 1));
    expect(await attemptsOf(t, loan.applicationId)).toEqual(attemptsBefore);
  });

  it('still refuses the blocked card on file', async () => {
    const loan = await blockedLoan();
    const due = await totalDue(t, loan.authorization);
    const res = await cardPayment(t, loan.authorization, { amount: round2(due / 2), useExistingCard: true });
    expect(res.json().error).toEqual(Refusal.cardNotActive);
  });
});

describe('CardPayment with payNext: the next instalment', () => {
  it("is GetScheduleSummary's oldest unpaid instalment, paid with no new plan", async () => {
    const loan = await activeLoan(t);
    const before = await schedule(loan.authorization);
    const first = before.schedule[0];
    expect(before.nextInstalment).toEqual({
      date: first.paymentDate,
      amount: first.pmt,
      collectOn: first.paymentDate,
    });
    const res = await cardPayment(t, loan.authorization, {
      payNext: true,
      amount: first.pmt,
      useExistingCard: true,
    });
    expect(res.json().error.errorID).toBe(0);
    const after = await schedule(loan.authorization);
    expect(after.schedule.map((r: { isPayed: boolean }) => r.isPayed)).toEqual(
      before.schedule.map((_: unknown, k: number) => k === 0),
    );
    // The same plan: the next instalment is now the second.
    expect(after.schedule.map((r: { pmt: number }) => r.pmt)).toEqual(
      before.schedule.map((r: { pmt: number }) => r.pmt),
    );
    expect(after.nextInstalment.date).toBe(before.schedule[1].paymentDate);
  });

  it('refuses an amount that is not the next instalment, charging nothing (errorID 241)', async () => {
    const loan = await activeLoan(t);
    const { nextInstalment } = await schedule(loan.authorization);
    const res = await cardPayment(t, loan.authorization, {
      payNext: true,
      amount: round2(nextInstalment.amount - 1),
      useExistingCard: true,
    });
    expect(res.json()).toEqual({ error: Refusal.paymentChanged, object: null });
    expect(await cardPayments(t, loan.applicationId)).toEqual([]);
  });

  it('in arrears is the overdue instalment, within the part-payment rules', async () => {
    const loan = await loanInArrears(t);
    const { nextInstalment, schedule: rows } = await schedule(loan.authorization);
    expect(nextInstalment).toMatchObject({ date: rows[0].paymentDate, amount: rows[0].pmt });
    const key = randomUUID();
    const body = { payNext: true, amount: nextInstalment.amount, useExistingCard: true };
    expect((await cardPayment(t, loan.authorization, body, key)).json().error.errorID).toBe(0);
    // The same key with the flag left off asks something else.
    const { payNext: _, ...plain } = body;
    expect((await cardPayment(t, loan.authorization, plain, key)).json().error).toEqual(
      Refusal.idempotencyKeyReused,
    );
  });
});

describe('MyAccountArea/PlanCost', () => {
  const plan = (repayDate: IsoDate, amount: number | null = null) => ({
    frequencyID: WageFrequencyId.monthly,
    duration: 3,
    repayDate,
    amount,
  });

  it("answers Calculate's rows, their total with the amount paid now, and the difference from today's plan", async () => {
    const loan = await activeLoan(t);
    const before = await schedule(loan.authorization);
    const body = plan(nextWorkingDay(addDays(t.ctx.businessDate.today(), 70)), 40);
    const post = (action: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/MyAccountArea/${action}`,
        headers: { authorization: loan.authorization },
        payload: body,
      });
    const rows: { amount: number }[] = (await post('Calculate')).json().object;
    const res = await post('PlanCost');
    expect(res.json().error.errorID).toBe(0);
    const cost = res.json().object;
    expect(cost.rows).toEqual(rows);
    const rowsPence = rows.reduce((sum, r) => sum + pence(r.amount), 0);
    // Nothing paid yet: today's plan leaves every instalment to pay.
    const currentPence = before.schedule.reduce((sum: number, r: { pmt: number }) => sum + pence(r.pmt), 0);
    expect(cost).toEqual({
      rows,
      payNow: 40,
      newTotal: (4000 + rowsPence) / 100,
      currentTotal: currentPence / 100,
      difference: (4000 + rowsPence - currentPence) / 100,
      // Paid later than the instalments it replaces: a refinance (issue 46).
      kind: 'refinance',
    });
    // Paying later costs more interest, and the page says how much.
    expect(cost.difference).toBeGreaterThan(0);
    expect(await schedule(loan.authorization)).toEqual(before);
  });

  it('refuses what Calculate refuses, with the same fields', async () => {
    const loan = await activeLoan(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/MyAccountArea/PlanCost',
      headers: { authorization: loan.authorization },
      payload: plan(t.ctx.businessDate.today()),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.errorID).not.toBe(0);
  });
});

describe('a blocked loan: a forbearance plan paid by other means (issue 46 item 7)', () => {
  const IE = { monthlyIncome: 1200, housing: 500, bills: 150, credit: 0, living: 300, other: 0 };
  const post = (authorization: string, action: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/MyAccountArea/${action}`,
      headers: { authorization, 'idempotency-key': randomUUID() },
      payload: body,
    });
  const planBody = (duration: number, extra: object = {}) => ({
    frequencyID: WageFrequencyId.monthly,
    duration,
    repayDate: nextWorkingDay(addDays(t.ctx.businessDate.today(), 10)),
    amount: null,
    byOtherMeans: true,
    ...extra,
  });

  it('agrees a plan of up to 12 payments it can afford, at no interest or fee, with no card and no new authority', async () => {
    const loan = await blockedLoan();
    const before = await loanRow(loan.applicationId);
    const cardsBefore = await cardsOf(loan.customerId);
    // Without 'other means' the plan still needs a card, as before.
    const byCard = await post(loan.authorization, 'ReSchedule', { ...planBody(3), byOtherMeans: null });
    expect(byCard.json().error).toEqual(Refusal.cardNotActive);
    // More than 3 payments only by other means; the figures are required and the plan must fit them.
    const cost = (await post(loan.authorization, 'PlanCost', planBody(8))).json().object;
    expect(cost.kind).toBe('forbearance');
    expect(cost.rows).toHaveLength(8);
    const noFigures = await post(loan.authorization, 'ReSchedule', planBody(8));
    expect(noFigures.statusCode).toBe(400);
    expect(Object.keys(noFigures.json().object.fields)).toEqual(['incomeAndOutgoings']);
    const tooShort = await post(loan.authorization, 'ReSchedule', {
      ...planBody(1),
      incomeAndOutgoings: { ...IE, monthlyIncome: 960 },
    });
    expect(tooShort.json().object.fields.incomeAndOutgoings).toMatch(/you have £10\.00 a month left/);

    const res = await post(loan.authorization, 'ReSchedule', { ...planBody(8), incomeAndOutgoings: IE });
    expect(res.json().error.errorID).toBe(0);
    const [stored] = await t.ctx.db
      .selectFrom('loan_schedules')
      .select(['kind', 'daily_rate'])
      .where('application_id', '=', loan.applicationId)
      .execute();
    expect(stored).toEqual({ kind: 'forbearance', daily_rate: 0 });
    const check = await t.ctx.db
      .selectFrom('plan_income_checks')
      .select(['information_sheet', 'disposable_pence'])
      .where('application_id', '=', loan.applicationId)
      .executeTakeFirstOrThrow();
    expect(check).toEqual({ information_sheet: null, disposable_pence: 25_000 });
    // No card kept, the block and the authority as they were: nothing is collected.
    expect(await loanRow(loan.applicationId)).toEqual(before);
    expect(await cardsOf(loan.customerId)).toEqual(cardsBefore);
    expect((await schedule(loan.authorization)).planRules.refinancesLeft).toBe(2);
    const attemptsBefore = (await attemptsOf(t, loan.applicationId)).length;
    const rescheduledOn = t.ctx.businessDate.today();
    const firstDate = cost.rows[0].paymentDate as IsoDate;
    await travelTo(t, addDays(firstDate, 1));
    expect((await attemptsOf(t, loan.applicationId)).length).toBe(attemptsBefore);
    const charged = await t.ctx.db
      .selectFrom('loan_transactions')
      .select('type')
      .where('application_id', '=', loan.applicationId)
      .where('on_date', '>=', rescheduledOn)
      .where('type', 'in', ['interest', 'default-fee'])
      .execute();
    expect(charged).toEqual([]);
  });

  it('is refused on a loan whose card is not blocked, and more than 3 payments by card', async () => {
    const loan = await activeLoan(t);
    const other = await post(loan.authorization, 'Calculate', { ...planBody(2), incomeAndOutgoings: IE });
    expect(other.statusCode).toBe(400);
    expect(Object.keys(other.json().object.fields)).toEqual(['byOtherMeans']);
    const long = await post(loan.authorization, 'Calculate', { ...planBody(5), byOtherMeans: null });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().object.fields)).toEqual(['duration']);
  });
});
