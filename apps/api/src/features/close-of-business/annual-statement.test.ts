import { addDays, addMonths, formatDisplayDate } from '@lender/contract/dates';
import { formatPence } from '@lender/contract/money';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodEnd } from '../../entities/loans/statement-periods';
import { CARDS } from '../../sandbox/card-provider/test-support';
import { messagesTo } from '../../test/account-holder';
import { documentGet, download } from '../../test/documents';
import { activeLoan, statusOf, travelTo } from '../../test/live-loan';
import { drawnText } from '../../test/pdf-drawn-text';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Issue 46 item 9: the s77A annual statement, given by the close of business for a loan still owing when
 * its first year (from the day the agreement was made) has ended, within the 30 days after (here, the
 * first day after), once; none for a loan repaid within the year.
 */

let t: TestApp;
type Loan = Awaited<ReturnType<typeof activeLoan>>;
/** Every collection declined: still owing (in default) a year on. Collected on time: repaid. */
let owing: Loan, repaid: Loan;
let made: string, end: string;

const statementsOf = (loan: Loan) =>
  t.ctx.db
    .selectFrom('annual_statements')
    .selectAll()
    .where('application_id', '=', loan.applicationId)
    .execute();

const statementMails = async (loan: Loan) =>
  (await messagesTo(t, loan.email)).filter((m) => m.subject?.startsWith('Your annual statement'));

const ledger = (loan: Loan) =>
  t.ctx.db
    .selectFrom('loan_transactions')
    .select(['type', 'amount_pence', 'on_date'])
    .where('application_id', '=', loan.applicationId)
    .orderBy('on_date')
    .orderBy('id')
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  owing = await activeLoan(t, CARDS.declinesCharges);
  repaid = await activeLoan(t);
  const loan = await t.ctx.db
    .selectFrom('loans')
    .select('priced_on')
    .where('application_id', '=', owing.applicationId)
    .executeTakeFirstOrThrow();
  made = loan.priced_on;
  end = periodEnd(made);
  // Closed through the period's last day: the year is not over until that day is.
  await travelTo(t, addDays(end, 1));
}, 600_000);
afterAll(() => t.close());

describe('the s77A annual statement at the close of business', () => {
  it('is not given before the period has ended', async () => {
    expect(await statementsOf(owing)).toEqual([]);
    expect(await statementMails(owing)).toEqual([]);
  });

  it('gives one statement for the first year the day after it ends, as a document and an e-mail', async () => {
    await travelTo(t, addDays(end, 2));
    expect(await statusOf(t, owing.guid)).toBe(AppStatus.defaulted);
    const rows = await statementsOf(owing);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      period_seq: 1,
      period_start: made,
      period_end: end,
      // Closing the day after the period ends happens the day after that: the day it is really given.
      given_on: addDays(end, 2),
      actor: 'system:close-of-business',
    });
    const mails = await statementMails(owing);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`for ${formatDisplayDate(made)} to ${formatDisplayDate(end)}`);
  });

  it('states the period, the balances and the movements from the ledger', async () => {
    const list = (await documentGet(t, 'GetDocuments', '', owing.authorization)).json().object;
    const title = `Annual statement, ${formatDisplayDate(made)} to ${formatDisplayDate(end)}`;
    const doc = list.documents.find((d: { title: string }) => d.title === title);
    expect(doc).toMatchObject({ kind: 'letter', canDelete: false });
    const { res } = await download(t, doc.documentSourceID, owing.authorization);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = (await drawnText(res.rawPayload)).flat().join(' ');

    // Every collection was declined: the ledger holds the advance, interest and fees, and no payment.
    const rows = (await ledger(owing)).filter((r) => r.on_date >= made && r.on_date <= end);
    expect(rows.some((r) => r.type === 'instalment' || r.type === 'card-payment')).toBe(false);
    const sumOf = (type: string) =>
      rows.filter((r) => r.type === type).reduce((s, r) => s + r.amount_pence, 0);
    const [advance, interest, fees] = [sumOf('advance'), sumOf('interest'), sumOf('default-fee')];
    expect(advance).toBeGreaterThan(0);
    expect(interest).toBeGreaterThan(0);
    expect(fees).toBeGreaterThan(0);

    expect(text).toContain(
      `From ${formatDisplayDate(made)} to ${formatDisplayDate(end)}, both days included.`,
    );
    expect(text).toContain(`Opening balance on ${formatDisplayDate(made)} £0.00`);
    expect(text).toContain(
      `Closing balance on ${formatDisplayDate(end)} ${formatPence(advance + interest + fees)}`,
    );
    const advanceRow = rows.find((r) => r.type === 'advance')!;
    expect(text).toContain(
      `${formatDisplayDate(advanceRow.on_date)} Loan paid out to you ${formatPence(advance)} ${formatPence(advance)}`,
    );
    for (const fee of rows.filter((r) => r.type === 'default-fee')) {
      expect(text).toContain(
        `${formatDisplayDate(fee.on_date)} Default fee ${formatPence(fee.amount_pence)}`,
      );
    }
    const firstInterest = rows.find((r) => r.type === 'interest')!;
    expect(text).toContain(`Interest, ${formatDisplayDate(firstInterest.on_date)} to`);
    expect(text).toContain(`Interest that became due ${formatPence(interest)}`);
    expect(text).toContain(`Fees and charges that became due ${formatPence(fees)}`);
    expect(text).toContain('Paid by you £0.00');
    // In default since a day of the period: no interest after it, and the statement says so.
    const { defaulted_on } = await t.ctx.db
      .selectFrom('loans')
      .select('defaulted_on')
      .where('application_id', '=', owing.applicationId)
      .executeTakeFirstOrThrow();
    expect(rows.filter((r) => r.type === 'interest' && r.on_date > defaulted_on!)).toEqual([]);
    expect(text).toContain(`no interest after ${formatDisplayDate(defaulted_on!)}`);
    expect(text).toContain(`Your agreement has been in default since ${formatDisplayDate(defaulted_on!)}`);
  });

  it('gives none for a loan repaid within the year', async () => {
    expect(await statusOf(t, repaid.guid)).toBe(AppStatus.settled);
    expect(await statementsOf(repaid)).toEqual([]);
    expect(await statementMails(repaid)).toEqual([]);
  });

  it('gives it once when the day is closed again after a crash, and none more in the next months', async () => {
    // As if the run had died before marking the day closed: the day's steps run again.
    await t.ctx.db.deleteFrom('business_days').where('business_date', '>=', addDays(end, 1)).execute();
    await travelTo(t, addDays(end, 2));
    // Thirteen months after the agreement was made: still the one statement, for the first year.
    await travelTo(t, addMonths(made, 13));
    expect(await statementsOf(owing)).toHaveLength(1);
    expect(await statementMails(owing)).toHaveLength(1);
    const list = (await documentGet(t, 'GetDocuments', '', owing.authorization)).json().object;
    const statements = list.documents.filter((d: { title: string }) =>
      d.title.startsWith('Annual statement'),
    );
    expect(statements).toHaveLength(1);
  });
});
