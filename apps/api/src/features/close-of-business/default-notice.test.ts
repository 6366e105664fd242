import { addDays, formatDisplayDate } from '@lender/contract/dates';
import { formatPence } from '@lender/contract/money';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionOf } from '../../entities/loans/ledger';
import { loanRepository } from '../../entities/loans/loan-repository';
import { CARDS } from '../../sandbox/card-provider/test-support';
import { messagesTo } from '../../test/account-holder';
import { documentGet, download } from '../../test/documents';
import { activeLoan, dueDates, statusOf, travelTo } from '../../test/live-loan';
import { drawnText } from '../../test/pdf-drawn-text';
import { createTestApp, type TestApp } from '../../test/test-app';
import { COMMANDS, type Output } from '../../ops/commands';

/*
 * Issue 46 items 2 and 3: the default notice states the sum that remedies the breach (the arrears, never
 * the default fee) and is kept as a PDF in the customer's documents; the breach is remedied when that sum
 * is paid by the remedy date, even if another instalment falls due meanwhile (s89); `ops defaults
 * review` lists the defaults the old rule made that this one would not have.
 */

const textOf = async (bytes: Uint8Array) => (await drawnText(bytes)).flat().join(' ');

/** The Regulations' statements and the notice's parts, in the order Schedule 2 gives them. */
const PRESCRIBED_ORDER = [
  'This notice is a default notice served under section 87(1) of the Consumer Credit Act 1974.',
  'Important – You should read this carefully.',
  'The agreement',
  'The parties',
  'The breach',
  'The provision of the agreement breached',
  'The nature of the breach',
  'What you must do to remedy the breach',
  'If the action required by this notice is taken before the date shown, no further enforcement action will be taken in respect of the breach.',
  'What happens if you do not',
  'If you do not take the action required by this notice before the date shown then the further action set out below may be taken against you.',
  'If you have difficulty in paying any sum owing under the agreement or taking any other action required by this notice, you can apply to the court which may make an order allowing you more time.',
  'If you are not sure what to do, you should get help as soon as possible.',
  'A copy of the current default information sheet produced by the Financial Conduct Authority is enclosed with this notice.',
];

let t: TestApp;
type Loan = Awaited<ReturnType<typeof activeLoan>>;
/** Pays the notice's sum exactly; pays a penny short; pays it exactly but was defaulted by the old rule. */
let exact: Loan, short: Loan, oldRule: Loan;
let dates: string[];

const loanRow = (loan: Loan) =>
  t.ctx.db
    .selectFrom('loans')
    .selectAll()
    .where('application_id', '=', loan.applicationId)
    .executeTakeFirstOrThrow();

/** A payment by card on the business date, as the ledger records one. */
const pays = (loan: Loan, amountPence: number, tag: string) =>
  loanRepository(t.ctx.db).post([
    {
      applicationId: loan.applicationId,
      type: 'card-payment',
      amountPence,
      onDate: t.ctx.businessDate.today(),
      reference: `test-payment:${loan.applicationId}:${tag}`,
    },
  ]);

async function ops(...argv: string[]) {
  const lines: string[] = [];
  const out: Output = { line: (text) => lines.push(text), table: (rows) => lines.push(JSON.stringify(rows)) };
  const [name, ...args] = argv;
  await COMMANDS[name!]!.run(t.ctx, args, out);
  return lines;
}

beforeAll(async () => {
  t = await createTestApp();
  // Every collection declined: nothing is paid but what the test pays.
  exact = await activeLoan(t, CARDS.declinesCharges);
  short = await activeLoan(t, CARDS.declinesCharges);
  oldRule = await activeLoan(t, CARDS.declinesCharges);
  dates = await dueDates(t, exact.applicationId);
  // The default notice is given 28 days after the first missed instalment (the settings' default).
  await travelTo(t, addDays(dates[0]!, 29));
});
afterAll(() => t?.close());

describe('the default notice (s87, s88, the 1983 Regulations Schedule 2)', () => {
  it('states the arrears as the sum to remedy, never the default fee, and keeps it', async () => {
    const row = await loanRow(exact);
    expect(row.default_notice_on).toBe(addDays(dates[0]!, 28));
    const book = (await loanRepository(t.ctx.db).books([exact.applicationId])).get(exact.applicationId)!;
    const atNotice = positionOf(book.terms, book.rows, row.default_notice_on!);
    // The £15 default fee was charged before the notice: owed, but not part of the remedy.
    expect(atNotice.feesDuePence).toBeGreaterThan(0);
    const [first] = book.terms.instalments;
    expect(row.remedy_sum_pence).toBe(first!.paymentPence);
  });

  it('is a PDF in the customer’s documents with the prescribed contents in the prescribed order', async () => {
    const row = await loanRow(exact);
    const list = (await documentGet(t, 'GetDocuments', '', exact.authorization)).json().object;
    const notice = list.documents.find((d: { title: string }) => d.title.startsWith('Default notice'));
    expect(notice).toMatchObject({
      title: `Default notice, ${formatDisplayDate(row.default_notice_on!)}`,
      kind: 'letter',
      canDelete: false,
    });
    const { res } = await download(t, notice.documentSourceID, exact.authorization);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await textOf(res.rawPayload);

    let at = -1;
    for (const part of PRESCRIBED_ORDER) {
      const found = text.indexOf(part, at + 1);
      expect(found, part).toBeGreaterThan(at);
      at = found;
    }
    const customer = await t.ctx.db
      .selectFrom('customers')
      .select(['first_name', 'last_name', 'address_str'])
      .where('id', '=', exact.customerId)
      .executeTakeFirstOrThrow();
    // The parties and their postal addresses; the agreement by its number and date.
    expect(text).toContain('Kestrel Finance Ltd, trading as Kestrel Loans, 1 Riverside Walk, London SE1 9XX');
    expect(text).toContain(`${customer.first_name} ${customer.last_name}, ${customer.address_str}`);
    const loan = await loanRow(exact);
    expect(text).toContain(
      `agreement number ${exact.applicationId}, regulated by the Consumer Credit Act 1974, made on ${formatDisplayDate(loan.priced_on)}`,
    );
    // The remedy: the arrears by a date at least 14 days after the notice; the fee apart from it.
    expect(text).toContain(
      `Pay ${formatPence(row.remedy_sum_pence!)} on or before ${formatDisplayDate(row.remedy_by!)}.`,
    );
    expect(row.remedy_by! >= addDays(row.default_notice_on!, 14)).toBe(true);
    expect(text).toContain('it is not part of the sum above');
    expect(text).not.toMatch(/repayments of/i);
    // The FCA's default information sheet (its page of information sheets), not the arrears sheet.
    expect(text).toContain('https://www.fca.org.uk/firms/information-sheets-consumer-credit');
    expect(text).not.toContain('arrears-information-sheet');
  });

  it('is e-mailed as a notice given, with a link to it and the default information sheet', async () => {
    const row = await loanRow(exact);
    const mail = (await messagesTo(t, exact.email)).find((m) => m.subject?.startsWith('Default notice'))!;
    expect(mail.subject).toBe(`Default notice: your Kestrel Loans loan ${exact.applicationId}`);
    expect(mail.text).toContain('section 87(1) of the Consumer Credit Act 1974');
    expect(mail.text).toContain(
      `pay ${formatPence(row.remedy_sum_pence!)} on or before ${formatDisplayDate(row.remedy_by!)}`,
    );
    expect(mail.text).toContain('/account/documents');
    expect(mail.text).toContain('https://www.fca.org.uk/firms/information-sheets-consumer-credit');
    expect(mail.text).not.toContain('arrears-information-sheet');
    expect(mail.text).not.toMatch(/repayments of/i);
  });
});

describe('the remedy (s89)', () => {
  it('paid exactly by the remedy date while another instalment fell due: not defaulted', async () => {
    const row = await loanRow(exact);
    const remedyBy = row.remedy_by!;
    // The second instalment falls due between the notice and its remedy date.
    expect(dates[1]! > row.default_notice_on! && dates[1]! < remedyBy).toBe(true);
    await travelTo(t, addDays(dates[1]!, 1));
    await pays(exact, row.remedy_sum_pence!, 'exact');
    await pays(short, (await loanRow(short)).remedy_sum_pence! - 1, 'short');
    await pays(oldRule, (await loanRow(oldRule)).remedy_sum_pence!, 'exact');
    // What the old rule did: a notice not lapsed by arrears of nil defaults the loan after its date.
    await t.ctx.db
      .updateTable('loans')
      .set({ defaulted_on: addDays(remedyBy, 1) })
      .where('application_id', '=', oldRule.applicationId)
      .execute();
    await t.ctx.db
      .updateTable('applications')
      .set({ status_id: AppStatus.defaulted })
      .where('id', '=', oldRule.applicationId)
      .execute();

    await travelTo(t, addDays(remedyBy, 2));
    expect(await statusOf(t, exact.guid)).toBe(AppStatus.arrears);
    expect(await loanRow(exact)).toMatchObject({
      default_notice_on: null,
      remedy_by: null,
      remedy_sum_pence: null,
      defaulted_on: null,
    });
    // A penny short is not the sum: the loan defaults the day after the remedy date.
    expect(await statusOf(t, short.guid)).toBe(AppStatus.defaulted);
    expect((await loanRow(short)).defaulted_on).toBe(addDays(remedyBy, 1));
  });

  it('`ops defaults review` lists the defaults whose notice was paid by its date, and changes nothing', async () => {
    const row = await loanRow(oldRule);
    const before = await loanRow(short);
    expect(await ops('defaults', 'review')).toEqual([
      "1 default(s) to review: the default notice's sum was paid by its remedy date (s89).",
      expect.stringMatching(
        new RegExp(
          `^${oldRule.guid}  .+  notice of ${row.default_notice_on} asked ${formatPence(row.remedy_sum_pence!).replace('.', '\\.')} by ${row.remedy_by}; ${formatPence(row.remedy_sum_pence!).replace('.', '\\.')} paid by then; defaulted on ${row.defaulted_on}\\.$`,
        ),
      ),
    ]);
    expect(await statusOf(t, oldRule.guid)).toBe(AppStatus.defaulted);
    expect(await loanRow(short)).toEqual(before);
    await expect(ops('defaults')).rejects.toThrow('Usage: npm run ops -- defaults review');
  });

  it('`ops notices review` lists what was given under the old rules, and only that', async () => {
    const review = async () => (await ops('notices', 'review')).slice(1);
    const kindsOf = (lines: string[]) => lines.map((l) => l.split('  ')[1]);
    // Given by today's rules (the rebuilt notices with their PDFs, each fee's s86E notice): only the
    // default the old remedy rule made is listed.
    expect(kindsOf(await review())).toEqual(['default']);
    expect((await review())[0]).toContain(oldRule.guid);

    // As the old rules left them: a notice with no PDF, a fee with no notice of default sums, a Letter
    // of Claim on a loan never defaulted, and a plan that moved two payments later stored as a reschedule.
    const { db } = t.ctx;
    const today = t.ctx.businessDate.today();
    await db
      .insertInto('loan_notices')
      .values({
        application_id: exact.applicationId,
        kind: 's87',
        on_date: dates[0]!,
        reference: 'old-s87',
        created_at: today,
      })
      .execute();
    await db
      .insertInto('loan_transactions')
      .values({
        application_id: exact.applicationId,
        type: 'default-fee',
        amount_pence: 1500,
        on_date: dates[0]!,
        reference: 'old-default-fee',
        created_at: new Date().toISOString(),
      })
      .execute();
    const someDocument = await db.selectFrom('documents').select('id').executeTakeFirstOrThrow();
    await db
      .insertInto('pre_claim_letters')
      .values({
        customer_id: exact.customerId,
        application_id: exact.applicationId,
        issued_on: dates[0]!,
        reply_by: addDays(dates[0]!, 30),
        amount_pence: 10_000,
        interest_continues: 0,
        daily_interest_pence: 0,
        document_id: someDocument.id,
        state: 'open',
        closed_on: null,
        closed_reason: null,
        created_at: new Date().toISOString(),
        issued_by: 'ops',
        closed_by: null,
      })
      .execute();
    const moved = await activeLoan(t);
    const earlier = await activeLoan(t);
    for (const [loan, shift] of [
      [moved, 5],
      [earlier, -1],
    ] as const) {
      const signed = await dueDates(t, loan.applicationId);
      await db
        .insertInto('loan_schedules')
        .values({
          application_id: loan.applicationId,
          version: 2,
          kind: 'reschedule',
          daily_rate: 0.008,
          paid_before_pence: 0,
          created_on: today,
          idempotency_key: `old-plan:${loan.applicationId}`,
          created_at: new Date().toISOString(),
          request_hash: null,
        })
        .execute();
      // The last date kept: only the first two move (later for `moved`, earlier for `earlier`).
      await db
        .insertInto('loan_instalments')
        .values(
          signed.map((due, k) => ({
            application_id: loan.applicationId,
            seq: 10 + k,
            version: 2,
            due_date: k < signed.length - 1 ? addDays(due, shift) : due,
            payment_pence: 10_000,
            principal_pence: 8_000,
            interest_pence: 2_000,
          })),
        )
        .execute();
    }
    const lines = await review();
    expect(kindsOf(lines).sort()).toEqual([
      'default',
      'default-fee',
      'default-notice',
      'letter-of-claim',
      'refinance',
    ]);
    const line = (kind: string) => lines.find((l) => l.split('  ')[1] === kind)!;
    expect(line('default-notice')).toMatch(
      new RegExp(`^${dates[0]}  default-notice  ${exact.guid}  .*\\(s88 and the 1983 Regulations\\)`),
    );
    expect(line('default-fee')).toContain('(s86E) default fee of £15.00 with no notice of default sums');
    expect(line('letter-of-claim')).toContain(`${exact.guid}`);
    expect(line('letter-of-claim')).toContain('(s87(1))');
    expect(line('refinance')).toContain(`${moved.guid}`);
    expect(line('refinance')).toContain('plan 2 moved a payment later');
    expect(lines.join('\n')).not.toContain(earlier.guid);
    // An annual statement given after its 30 days (s77A(6)), with the interest charged meanwhile.
    await db
      .insertInto('annual_statements')
      .values({
        application_id: exact.applicationId,
        period_seq: 9,
        period_start: addDays(dates[0]!, -400),
        period_end: addDays(dates[0]!, -31),
        given_on: addDays(dates[0]!, 10),
        document_id: null,
        actor: 'system:close-of-business',
        created_at: new Date().toISOString(),
      })
      .execute();
    const late = (await review()).find((l) => l.split('  ')[1] === 'late-statement')!;
    expect(late).toMatch(
      new RegExp(
        `^${addDays(dates[0]!, 10)}  late-statement  ${exact.guid}  .*\\(s77A\\(6\\)\\) .*due by ${addDays(dates[0]!, -1)}: from ${dates[0]} `,
      ),
    );
    expect(late).not.toContain('(£0.00 charged)');
    await expect(ops('notices')).rejects.toThrow('Usage: npm run ops -- notices review');
  });
});
