import { randomUUID } from 'node:crypto';
import { addDays } from '@lender/contract/dates';
import { nextWorkingDay } from '@lender/contract/pricing/bank-holidays';
import { WageFrequencyId } from '@lender/contract/pricing/repayment-dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPayment, round2, totalDue } from '../../test/card-payment';
import { activeLoan, dueDates, loanInArrears, myAccountGet, travelTo } from '../../test/live-loan';
import { drawnText } from '../../test/pdf-drawn-text';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 45 item 6: one set of figures, each named once and answered by the server from the ledger and the
 * plan in force, the same on the borrow page's summary and the schedule's.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Loan = Awaited<ReturnType<typeof activeLoan>>;
const pence = (pounds: number) => Math.round(pounds * 100);
const today = () => t.ctx.businessDate.today();

/** The figures both reads answer: they must agree. */
async function figures(loan: Loan) {
  const summary = (await myAccountGet(t, 'GetBorrowingSummary', loan.authorization)).json().object;
  const schedule = (await myAccountGet(t, 'GetScheduleSummary', loan.authorization)).json().object;
  expect(schedule.figures).toEqual(summary.figures);
  expect(summary.figures.toClearToday).toBe(await totalDue(t, loan.authorization));
  return { figures: summary.figures, summary, schedule };
}

const unpaidPlan = (schedule: { schedule: { pmt: number; isPayed: boolean }[] }) =>
  schedule.schedule.filter((r) => !r.isPayed).reduce((s, r) => s + pence(r.pmt), 0);

const post = (action: string, authorization: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/MyAccountArea/${action}`,
    headers: { authorization, 'idempotency-key': randomUUID() },
    payload: body,
  });

describe('the named figures of a loan', () => {
  it('a live loan on its payout day: to clear it today is what was lent; the plan adds the interest to come', async () => {
    const loan = await activeLoan(t);
    const { figures: f, schedule, summary } = await figures(loan);
    const dates = await dueDates(t, loan.applicationId);
    expect(f.toClearToday).toBe(300);
    // 'Total due £300.00' beside instalments adding up to more: the plan's own figure says what they add to.
    expect(pence(f.leftOnPlan)).toBe(unpaidPlan(schedule));
    expect(f.leftOnPlan).toBeGreaterThan(f.toClearToday);
    expect(f.nextPayment).toEqual({ date: dates[0], amount: schedule.schedule[0].pmt });
    expect(f.overdueNow).toBe(0);
    // The cost charged so far is nothing yet, the agreement's interest is the plan's.
    expect(summary.sobRep4[0].borrowingCost).toBe(0);
    expect(pence(summary.sobRep4[0].contractInterest)).toBe(unpaidPlan(schedule) - 30000);
  });

  it('after a part payment: to clear it and what is left on the plan are each the payment less', async () => {
    const loan = await activeLoan(t);
    const before = (await figures(loan)).figures;
    const paid = await cardPayment(t, loan.authorization, { amount: 50, useExistingCard: true });
    expect(paid.json().error.errorID).toBe(0);
    const { figures: f, schedule } = await figures(loan);
    expect(f.toClearToday).toBe(round2(before.toClearToday - 50));
    expect(f.leftOnPlan).toBe(round2(before.leftOnPlan - 50));
    expect(pence(f.leftOnPlan)).toBe(
      schedule.schedule.reduce((s: number, r: { pmt: number }) => s + pence(r.pmt), 0) - 5000,
    );
    expect(f.nextPayment).toEqual({
      date: before.nextPayment.date,
      amount: round2(before.nextPayment.amount - 50),
    });
    expect(f.overdueNow).toBe(0);
  });

  it('after a reschedule: the plan in force, in the figures and in the summary of borrowing', async () => {
    const loan = await activeLoan(t);
    const signed = await dueDates(t, loan.applicationId);
    const start = nextWorkingDay(addDays(signed[0]!, -3));
    const plan = { frequencyID: WageFrequencyId.monthly, duration: 2, repayDate: start, amount: null };
    const rows: { paymentDate: string; amount: number }[] = (
      await post('Calculate', loan.authorization, plan)
    ).json().object;
    expect((await post('ReSchedule', loan.authorization, plan)).json().error.errorID).toBe(0);

    const { figures: f } = await figures(loan);
    expect(pence(f.leftOnPlan)).toBe(rows.reduce((s, r) => s + pence(r.amount), 0));
    expect(f.nextPayment).toEqual({ date: rows[0]!.paymentDate, amount: rows[0]!.amount });
    expect(f.overdueNow).toBe(0);

    const { url } = (await post('SobLink', loan.authorization, {})).json().object as { url: string };
    const text = (await drawnText((await t.app.inject({ method: 'GET', url })).rawPayload)).flat().join(' ');
    // 'Number of repayments 3' after a plan of 2: both now, each named.
    expect(text).toMatch(/Number of repayments agreed\s+3/);
    expect(text).toMatch(new RegExp(`Payments on your plan since \\d\\d-\\d\\d-\\d{4}\\s+2`));
    expect(text).toContain(`Left to pay on your plan`);
    expect(text).toContain(`£${f.leftOnPlan.toFixed(2)}`);
    expect(text).toContain(`To clear your loan today`);
  });

  it('in arrears with the default fee: overdue now includes the fee, as the plan left to pay does', async () => {
    const loan = await loanInArrears(t);
    const [first] = await dueDates(t, loan.applicationId);
    await travelTo(t, addDays(first!, 10));
    const fees = await t.ctx.db
      .selectFrom('loan_transactions')
      .select('amount_pence')
      .where('application_id', '=', loan.applicationId)
      .where('type', '=', 'default-fee')
      .execute();
    expect(fees).toEqual([{ amount_pence: 1500 }]);

    const { figures: f, schedule, summary } = await figures(loan);
    const overdueRows = summary.sobRep1.filter((r: { description: string }) =>
      r.description.endsWith('(overdue)'),
    );
    expect(overdueRows).toHaveLength(1);
    expect(pence(f.overdueNow)).toBe(pence(overdueRows[0].amount) + 1500);
    expect(pence(f.leftOnPlan)).toBe(unpaidPlan(schedule) + 1500);
    expect(f.nextPayment.date > today()).toBe(true);
    expect(f.toClearToday).toBeLessThan(f.leftOnPlan);
  });

  it('nothing to name without a loan being repaid', async () => {
    const loan = await activeLoan(t);
    const due = await totalDue(t, loan.authorization);
    const paid = await cardPayment(t, loan.authorization, {
      amount: due,
      payTotal: true,
      useExistingCard: true,
    });
    expect(paid.json().object.receipt).toMatchObject({ amount: due, figures: null });
    const summary = (await myAccountGet(t, 'GetBorrowingSummary', loan.authorization)).json().object;
    const schedule = (await myAccountGet(t, 'GetScheduleSummary', loan.authorization)).json().object;
    expect(summary.figures).toBeNull();
    expect(schedule.figures).toBeNull();
  });
});
