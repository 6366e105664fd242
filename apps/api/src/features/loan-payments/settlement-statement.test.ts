import { addDays } from '@lender/contract/dates';
import { ErrorId } from '@lender/contract/error-ids';
import { formatPence } from '@lender/contract/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawnText } from '../../test/pdf-drawn-text';
import { activeLoan, myAccountGet, type signedApplicant, travelTo } from '../../test/live-loan';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loanRepository } from '../../entities/loans/loan-repository';
import { settlementFigures } from './settlement-statement';

let t: TestApp;
let loan: Awaited<ReturnType<typeof signedApplicant>>;
beforeAll(async () => {
  t = await createTestApp();
  loan = await activeLoan(t);
});
afterAll(() => t.close());

const settlementLink = (authorization: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/MyAccountArea/SettlementLink',
    headers: { authorization },
    payload: {},
  });

const bookOf = async () =>
  (await loanRepository(t.ctx.db).books([loan.applicationId])).get(loan.applicationId)!;

describe('the settlement statement', () => {
  it('gives today’s figure as GetTotalDue, then each day’s as the close of business will make it', async () => {
    const today = t.ctx.businessDate.today();
    const figures = settlementFigures(await bookOf(), today);
    expect(figures).toHaveLength(29);
    expect(figures[0]).toEqual({
      date: today,
      amountPence: Math.round((await myAccountGet(t, 'GetTotalDue', loan.authorization)).json().object * 100),
    });
    for (let k = 1; k < figures.length; k++) {
      expect(figures[k]!.amountPence).toBeGreaterThanOrEqual(figures[k - 1]!.amountPence);
    }
    // Five days on, after the close of business of each day, the total due is the figure it gave.
    await travelTo(t, addDays(today, 5));
    const totalDue = (await myAccountGet(t, 'GetTotalDue', loan.authorization)).json().object;
    expect(Math.round(totalDue * 100)).toBe(figures[5]!.amountPence);
  });

  it('opens once by its link as a PDF with today’s figure, the next 28 days and the instalments due', async () => {
    const link = await settlementLink(loan.authorization);
    const { url } = link.json().object as { url: string };
    expect(url).toMatch(/^\/api\/MyAccountArea\/DownloadSettlement\?token=[\w-]{40,}$/);
    const pdf = await t.app.inject({ method: 'GET', url });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await drawnText(pdf.rawPayload)).flat().join(' ');
    const figures = settlementFigures(await bookOf(), t.ctx.businessDate.today());
    expect(text).toContain('Settlement statement');
    expect(text).toContain(formatPence(figures[0]!.amountPence));
    expect(text).toContain(formatPence(figures[28]!.amountPence));
    expect(text).toContain('There is no fee for repaying early');
    expect(text).toContain('repayments still due under your plan');
    expect((await t.app.inject({ method: 'GET', url })).json().error.errorID).toBe(ErrorId.linkExpired);
    // A summary-of-borrowing link does not open a settlement statement.
    const sob = await t.app.inject({
      method: 'POST',
      url: '/api/MyAccountArea/SobLink',
      headers: { authorization: loan.authorization },
      payload: {},
    });
    const token = new URL(sob.json().object.url, 'http://x').searchParams.get('token')!;
    const crossed = await t.app.inject({
      method: 'GET',
      url: `/api/MyAccountArea/DownloadSettlement?token=${token}`,
    });
    expect(crossed.json().error.errorID).toBe(ErrorId.linkExpired);
  });
});
