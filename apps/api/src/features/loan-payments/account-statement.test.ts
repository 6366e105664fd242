import { formatDisplayDate } from '@lender/contract/dates';
import { ErrorId } from '@lender/contract/error-ids';
import { formatPence } from '@lender/contract/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentVersion, loanRepository } from '../../entities/loans/loan-repository';
import { drawnText } from '../../test/pdf-drawn-text';
import { activeLoan, type signedApplicant } from '../../test/live-loan';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let loan: Awaited<ReturnType<typeof signedApplicant>>;
beforeAll(async () => {
  t = await createTestApp();
  loan = await activeLoan(t);
});
afterAll(() => t.close());

const statementLink = (authorization: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/MyAccountArea/StatementLink',
    headers: { authorization },
    payload: {},
  });

describe('the statement of account on request (Consumer Credit Act s77B, issue 46 item 9)', () => {
  it('opens once by its link as a PDF: each instalment owing with its date, amount, capital, interest and charges', async () => {
    const link = await statementLink(loan.authorization);
    const { url } = link.json().object as { url: string };
    expect(url).toMatch(/^\/api\/MyAccountArea\/DownloadStatement\?token=[\w-]{40,}$/);
    const pdf = await t.app.inject({ method: 'GET', url });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await drawnText(pdf.rawPayload)).flat().join(' ');
    expect(text).toContain('Statement of account');
    expect(text).toContain('section 77B of the Consumer Credit Act 1974');
    expect(text).toContain('Conditions of payment, for every instalment');
    for (const column of ['Due date', 'Amount', 'Capital', 'Interest', 'Other charges'])
      expect(text).toContain(column);

    const book = (await loanRepository(t.ctx.db).books([loan.applicationId])).get(loan.applicationId)!;
    const plan = book.schedule.filter((s) => s.version === currentVersion(book));
    expect(plan.length).toBeGreaterThan(1);
    for (const s of plan) {
      // Nothing paid yet: each instalment whole, its own split.
      const row = [s.paymentPence, s.principalPence, s.interestPence, 0].map(formatPence);
      expect(text).toContain([formatDisplayDate(s.dueDate), ...row].join(' '));
    }
    expect((await t.app.inject({ method: 'GET', url })).json().error.errorID).toBe(ErrorId.linkExpired);
    // A settlement statement's link does not open a statement of account.
    const settlement = await t.app.inject({
      method: 'POST',
      url: '/api/MyAccountArea/SettlementLink',
      headers: { authorization: loan.authorization },
      payload: {},
    });
    const token = new URL(settlement.json().object.url, 'http://x').searchParams.get('token')!;
    const crossed = await t.app.inject({
      method: 'GET',
      url: `/api/MyAccountArea/DownloadStatement?token=${token}`,
    });
    expect(crossed.json().error.errorID).toBe(ErrorId.linkExpired);
  });
});
