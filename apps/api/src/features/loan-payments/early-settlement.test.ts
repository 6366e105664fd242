import { addDays } from '@lender/contract/dates';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanRepository } from '../../entities/loans/loan-repository';
import { positionOf } from '../../entities/loans/ledger';
import { cardPayment, totalDue } from '../../test/card-payment';
import { activeLoan, ledger, myAccountGet, statusOf, travelTo } from '../../test/live-loan';
import { createTestApp, type TestApp } from '../../test/test-app';
import { settlementFigures } from './settlement-statement';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/*
 * Issue 46 item 10: a £300 loan over three months, its first instalment collected, settled twenty days
 * after it was paid out. Simple interest for the days passed is above what the Consumer Credit (Early
 * Settlement) Regulations 2004 allow (their formula compounds at the APR): the customer is asked the
 * lower figure, everywhere, and paying it settles the loan with the difference given back
 * (docs/decisions/053). Before, GetTotalDue asked the ledger's balance and nothing was given back.
 */
describe('settling early within the Early Settlement Regulations', () => {
  it('asks the Regulations’ figure where the ledger’s is higher, and paying it settles the loan', async () => {
    const loan = await activeLoan(t);
    const book = async () =>
      (await loanRepository(t.ctx.db).books([loan.applicationId])).get(loan.applicationId)!;
    await travelTo(t, addDays(t.ctx.businessDate.today(), 20));
    const today = t.ctx.businessDate.today();
    const owed = positionOf((await book()).terms, (await book()).rows).totalDuePence;

    // The one figure: GetTotalDue, the borrow page's 'To clear your loan today', the statement's today.
    const due = Math.round((await totalDue(t, loan.authorization)) * 100);
    expect(due).toBeLessThan(owed);
    const summary = (await myAccountGet(t, 'GetScheduleSummary', loan.authorization)).json().object;
    expect(Math.round(summary.figures.toClearToday * 100)).toBe(due);
    expect(settlementFigures(await book(), today)[0]!.amountPence).toBe(due);

    const paid = await cardPayment(t, loan.authorization, {
      payTotal: true,
      amount: due / 100,
      useExistingCard: true,
    });
    expect(paid.json().error.errorID).toBe(0);
    expect(await statusOf(t, loan.guid)).toBe(AppStatus.settled);
    const rows = await ledger(t, loan.applicationId);
    expect(rows.filter((r) => r.type === 'rebate')).toEqual([
      { type: 'rebate', amount_pence: owed - due, on_date: today },
    ]);
    expect(positionOf((await book()).terms, (await book()).rows).totalDuePence).toBe(0);
  });
});
