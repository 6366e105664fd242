import { addDays, formatDisplayDate } from '@lender/contract/dates';
import { ErrorId } from '@lender/contract/error-ids';
import { formatPence } from '@lender/contract/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentVersion, loanRepository } from '../../entities/loans/loan-repository';
import { drawnText } from '../../test/pdf-drawn-text';
import { cardPayment } from '../../test/card-payment';
import { activeLoan, ledger, travelTo, type signedApplicant } from '../../test/live-loan';
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
    expect(text).toContain('sections 77B and 97A of the Consumer Credit Act 1974');
    // Nothing paid yet: no table of payments.
    expect(text).not.toContain('Payments you made yourself');
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

describe('the statement of a part payment’s effect (Consumer Credit Act s97A, issue 46 item 10)', () => {
  it('lists a part payment with what it paid of interest and capital and what was owed after, beside the instalments left', async () => {
    const payer = await activeLoan(t);
    // Four days' interest charged, then £50 paid by card: the interest first, the rest capital.
    await travelTo(t, addDays(t.ctx.businessDate.today(), 5));
    const paid = await cardPayment(t, payer.authorization, { amount: 50, useExistingCard: true });
    expect(paid.json().error.errorID, paid.body).toBe(0);
    const rows = await ledger(t, payer.applicationId);
    const interest = rows.filter((r) => r.type === 'interest').reduce((sum, r) => sum + r.amount_pence, 0);
    expect(interest).toBeGreaterThan(0);
    // The statement's last column is the receipt's 'To clear your loan today', as it stood after the payment.
    const clearAfter = Math.round(paid.json().object.receipt.figures.toClearToday * 100);

    const link = await statementLink(payer.authorization);
    const pdf = await t.app.inject({ method: 'GET', url: link.json().object.url });
    const text = (await drawnText(pdf.rawPayload)).flat().join(' ');
    expect(text).toContain('Payments you made yourself, and what each paid');
    expect(text).toContain(
      [
        formatDisplayDate(t.ctx.businessDate.today()),
        formatPence(5000),
        formatPence(0),
        formatPence(interest),
        formatPence(5000 - interest),
        formatPence(clearAfter),
      ].join(' '),
    );
    expect(text).toContain('No compensatory amount is claimed for paying early (section 95A of the Act).');
  });
});
