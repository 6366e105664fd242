import { addDays } from '@lender/contract/dates';
import { ErrorId } from '@lender/contract/error-ids';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../test/factories';
import {
  activeLoan,
  dueDates,
  myAccountGet,
  settledLoan,
  type signedApplicant,
  travelTo,
} from '../../test/live-loan';
import { drawnText } from '../../test/pdf-drawn-text';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SOB_LINK_TTL_SECONDS } from './sob-links';

let t: TestApp;
let loan: Awaited<ReturnType<typeof signedApplicant>>;
let dates: string[];
beforeAll(async () => {
  t = await createTestApp();
  loan = await activeLoan(t);
  dates = await dueDates(t, loan.applicationId);
  await travelTo(t, addDays(dates[0]!, 1));
});
afterAll(() => t.close());

const sobLink = (authorization: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/MyAccountArea/SobLink',
    headers: { authorization, 'content-type': 'application/json' },
    payload: '{}',
  });

describe('the borrow area reads', () => {
  it('GetBorrowingSummary: the status in words, the loan, payments due and made, all from the ledger', async () => {
    const summary = (await myAccountGet(t, 'GetBorrowingSummary', loan.authorization)).json().object;
    const instalments = await t.ctx.db
      .selectFrom('loan_instalments')
      .selectAll()
      .where('application_id', '=', loan.applicationId)
      .orderBy('seq')
      .execute();
    expect(summary).toMatchObject({
      loanStatus: 'Loan active',
      appStatusID: AppStatus.active,
      appGuid: loan.guid,
      lastFundedAppID: loan.applicationId,
      canRepeat: false,
    });
    expect(summary.sobRep1).toEqual(
      instalments.slice(1).map((i, k) => ({
        date: i.due_date,
        description: `Instalment ${k + 2} of 3`,
        amount: i.payment_pence / 100,
      })),
    );
    expect(summary.sobRep2).toEqual([
      {
        date: dates[0],
        description: 'Instalment collected (CPA)',
        amount: instalments[0]!.payment_pence / 100,
      },
    ]);
    expect(summary.sobRep3[0]).toMatchObject({ cnt: 1, amount: 300, charge: 0 });
    expect(summary.sobRep4[0]).toMatchObject({
      appID: loan.applicationId,
      approvedPeriod: 3,
      loanType: 'Instalment loan',
      amount: 300,
    });
  });

  it('GetScheduleSummary: the signed schedule sums to the agreement, principal to the amount borrowed', async () => {
    const schedule = (await myAccountGet(t, 'GetScheduleSummary', loan.authorization)).json().object;
    const row = await t.ctx.db
      .selectFrom('loans')
      .selectAll()
      .where('application_id', '=', loan.applicationId)
      .executeTakeFirstOrThrow();
    const sum = (key: string) =>
      Math.round(schedule.schedule.reduce((s: number, r: Record<string, number>) => s + r[key]! * 100, 0));
    expect(sum('pmt')).toBe(row.total_repayable_pence);
    expect(sum('principal')).toBe(row.principal_pence);
    expect(schedule.schedule[0].paymentDate).toBe(dates[0]);
    expect(schedule).toMatchObject({
      appID: loan.applicationId,
      approvedAmount: 300,
      blocked: false,
      settledDate: null,
      appStatus: 'Loan active',
    });
    expect(schedule.fundedDate).toBe(row.funded_on);
  });

  it('shows another customer nothing of this loan', async () => {
    const stranger = await createSession(t.ctx);
    const authorization = `Bearer ${stranger.token}`;
    const summary = (await myAccountGet(t, 'GetBorrowingSummary', authorization)).json().object;
    expect(summary.lastFundedAppID).toBe(-1);
    expect(summary.sobRep4).toEqual([]);
    const schedule = (await myAccountGet(t, 'GetScheduleSummary', authorization)).json().object;
    expect(schedule.schedule).toEqual([]);
    expect(schedule.appID).not.toBe(loan.applicationId);
    expect((await myAccountGet(t, 'GetTotalDue', authorization)).json().object).toBe(0);
    expect((await myAccountGet(t, 'GetBorrowingSummary', '')).statusCode).toBe(401);
  });
});

describe('the summary of borrowing', () => {
  it('opens once by its link, as a PDF with the loan’s figures, and never by the bearer token', async () => {
    const link = await sobLink(loan.authorization);
    const { url } = link.json().object as { url: string };
    expect(url).toMatch(/^\/api\/MyAccountArea\/DownloadSOB\?token=[\w-]{40,}$/);
    expect(url).not.toContain(loan.authorization.slice(7));

    const pdf = await t.app.inject({ method: 'GET', url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await drawnText(pdf.rawPayload)).flat().join(' ');
    expect(text).toContain('Summary of borrowing');
    expect(text).toContain('Number of loans taken out');
    expect(text).toContain('£300.00');

    const again = await t.app.inject({ method: 'GET', url });
    expect(again.json().error.errorID).toBe(ErrorId.linkExpired);
  });

  it('refuses a link past its two minutes', async () => {
    const { url } = (await sobLink(loan.authorization)).json().object as { url: string };
    await t.ctx.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('purpose', '=', 'sob-download')
      .where('used_at', 'is', null)
      .execute();
    expect(SOB_LINK_TTL_SECONDS).toBeLessThanOrEqual(300);
    expect((await t.app.inject({ method: 'GET', url })).json().error.errorID).toBe(ErrorId.linkExpired);
  });
});

describe('a loan repaid early', () => {
  it('GetScheduleSummary: the instalments it never reached are one row on the day it was repaid, with the interest actually charged', async () => {
    const repaid = await settledLoan(t);
    const today = t.ctx.businessDate.today();
    const schedule = (await myAccountGet(t, 'GetScheduleSummary', repaid.authorization)).json().object;
    const summary = (await myAccountGet(t, 'GetBorrowingSummary', repaid.authorization)).json().object;
    const charged = summary.sobRep4[0].actualInterest;
    // Repaid the day it was paid out: nothing of the signed schedule's interest was ever charged.
    expect(charged).toBeLessThan(1);
    expect(schedule.settledDate).toBe(today);
    expect(schedule.schedule).toEqual([
      { paymentDate: today, principal: 300, interest: charged, pmt: 300 + charged, isPayed: true },
    ]);
  });
});
