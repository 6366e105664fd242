import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays } from '@lender/contract/dates';
import { nextWorkingDay } from '@lender/contract/pricing/bank-holidays';
import { WageFrequencyId } from '@lender/contract/pricing/repayment-dates';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountFiguresOn, accountReferenceOf } from '../../entities/credit-reporting/account-figures';
import { creditReportingOutbox } from '../../entities/credit-reporting/credit-reporting-outbox';
import { loanEventsOf } from '../../entities/credit-reporting/loan-events';
import { loanRepository } from '../../entities/loans/loan-repository';
import { COMMANDS, type Output } from '../../ops/commands';
import { CARDS } from '../../sandbox/card-provider/test-support';
import { craRecordsReceived } from '../../sandbox/credit-reference/test-support';
import { activeLoan, dueDates, loanInArrears, statusOf, travelTo } from '../../test/live-loan';
import { runOps } from '../../test/ops-process';
import { createTestApp, type TestApp } from '../../test/test-app';

/** `npm run ops -- <argv>` in process, on the test's database: what it printed, or why it failed. */
async function ops(t: TestApp, ...argv: string[]) {
  const lines: string[] = [];
  const out: Output = { line: (text) => lines.push(text), table: (rows) => lines.push(JSON.stringify(rows)) };
  const [name, ...args] = argv;
  try {
    await COMMANDS[name!]!.run(t.ctx, args, out);
    return { lines, error: null };
  } catch (err) {
    return { lines, error: err instanceof Error ? err.message : String(err) };
  }
}

/** What the agency's sandbox holds: each loan event it received (once per eventId, by its design). */
const sandboxRecords = async (t: TestApp) =>
  (await craRecordsReceived(t.ctx.db)).map(({ eventId, record }) => ({ eventId, record }));

const outboxRows = (t: TestApp) =>
  t.ctx.db.selectFrom('credit_reporting_outbox').selectAll().orderBy('id').execute();

const ledgerOf = (t: TestApp, applicationId: number) =>
  t.ctx.db
    .selectFrom('loan_transactions')
    .select(['id', 'type', 'amount_pence', 'on_date'])
    .where('application_id', '=', applicationId)
    .orderBy('id')
    .execute();

describe('sharing what we lend: loan events reach the agency once each', () => {
  let t: TestApp;
  let paid: Awaited<ReturnType<typeof activeLoan>>;
  let unpaid: Awaited<ReturnType<typeof activeLoan>>;
  let nameless: Awaited<ReturnType<typeof activeLoan>>;
  let dates: string[];
  let unpaidDates: string[];
  let openedOn: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cra-monthly-'));

  beforeAll(async () => {
    t = await createTestApp();
    openedOn = t.ctx.businessDate.today();
    paid = await activeLoan(t);
    unpaid = await activeLoan(t, CARDS.declinesCharges);
    nameless = await activeLoan(t);
    dates = await dueDates(t, paid.applicationId);
    unpaidDates = await dueDates(t, unpaid.applicationId);
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  it('rejects a malformed record (an empty surname), keeps it with its reason and lists it in ops cra rejections', async () => {
    await t.ctx.db
      .updateTable('customers')
      .set({ last_name: '' })
      .where('id', '=', nameless.customerId)
      .execute();
    // The payout day closes: every loan's 'opened' record goes to the agency.
    await travelTo(t, addDays(openedOn, 1));
    await t.ctx.db
      .updateTable('customers')
      .set({ last_name: 'Doe' })
      .where('id', '=', nameless.customerId)
      .execute();

    const eventId = `opened:${nameless.applicationId}`;
    const row = (await outboxRows(t)).find((r) => r.event_id === eventId)!;
    expect(row).toMatchObject({ state: 'rejected', occurred_on: openedOn });
    expect(row.rejection_reason).toMatch(/surname|lastName/i);
    expect((await sandboxRecords(t)).map((r) => r.eventId)).not.toContain(eventId);

    const listed = await ops(t, 'cra', 'rejections');
    expect(listed.error).toBeNull();
    expect(listed.lines[0]).toBe('1 record(s) rejected by the credit reference agency.');
    expect(listed.lines[1]).toContain(eventId);
    expect(listed.lines[1]).toContain(accountReferenceOf(nameless.applicationId));
    expect(listed.lines[1]).toContain(row.rejection_reason!);

    // Once the name is corrected, the same event is made again from the customer's record and sent.
    expect((await ops(t, 'cra', 'resend', `opened:${paid.applicationId}`)).error).toContain(
      `opened:${paid.applicationId} was not rejected (it is sent).`,
    );
    const resent = await ops(t, 'cra', 'resend', eventId);
    expect(resent).toEqual({ lines: ['Sent 1 record(s), 0 rejected; 0 pending.'], error: null });
    const received = (await sandboxRecords(t)).find((r) => r.eventId === eventId)!;
    expect(received.record.borrower.lastName).toBe('Doe');
    expect((await outboxRows(t)).find((r) => r.event_id === eventId)).toMatchObject({
      state: 'sent',
      rejection_reason: null,
    });
    const audit = await t.ctx.db
      .selectFrom('audit_events')
      .select(['actor', 'details'])
      .where('action', '=', 'cra-record-resent')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor).toBe('ops');
    expect(audit[0]!.details).toContain(row.rejection_reason!);
    expect((await ops(t, 'cra', 'rejections')).lines).toEqual([
      '0 record(s) rejected by the credit reference agency.',
    ]);
  });

  it('sends paid out, paid, missed, defaulted and settled, each once, with the ledger balance and status', async () => {
    await travelTo(t, addDays(unpaidDates[0]!, 28 + 16 + 3));
    expect(await statusOf(t, unpaid.guid)).toBe(AppStatus.defaulted);
    await travelTo(t, addDays(dates.at(-1)!, 3));
    expect(await statusOf(t, paid.guid)).toBe(AppStatus.settled);

    const received = await sandboxRecords(t);
    const ids = received.map((r) => r.eventId);
    expect(new Set(ids).size).toBe(ids.length);

    const payments = (await ledgerOf(t, paid.applicationId)).filter((r) => r.type === 'instalment');
    expect(payments).toHaveLength(dates.length);
    const ofLoan = (applicationId: number) =>
      received
        .filter((r) => r.record.accountReference === accountReferenceOf(applicationId))
        .map((r) => [r.eventId, r.record.event, r.record.occurredOn, r.record.status]);
    expect(ofLoan(paid.applicationId)).toEqual([
      [`opened:${paid.applicationId}`, 'opened', openedOn, '0'],
      ...payments.map((p) => [
        `payment:${p.id}`,
        'payment',
        p.on_date,
        p.on_date === dates.at(-1) ? 'S' : '0',
      ]),
      [`settled:${paid.applicationId}`, 'settled', dates.at(-1), 'S'],
    ]);
    const defaultedOn = (
      await t.ctx.db
        .selectFrom('loans')
        .select('defaulted_on')
        .where('application_id', '=', unpaid.applicationId)
        .executeTakeFirstOrThrow()
    ).defaulted_on!;
    // Missed on each due date before the default; none after it (the status says D).
    const missedDates = unpaidDates.filter((d) => d < defaultedOn);
    expect(missedDates.length).toBeGreaterThanOrEqual(1);
    expect(ofLoan(unpaid.applicationId)).toEqual([
      [`opened:${unpaid.applicationId}`, 'opened', openedOn, '0'],
      ...missedDates.map((d, k) => [`missed:${unpaid.applicationId}:1:${k + 1}`, 'missed', d, String(k + 1)]),
      [`default:${unpaid.applicationId}`, 'default', defaultedOn, 'D'],
    ]);

    // Each record's balance is the ledger's at the end of its day.
    const owedOn = async (applicationId: number, date: string) =>
      (await ledgerOf(t, applicationId))
        .filter((r) => r.on_date <= date)
        .reduce(
          (sum, r) =>
            sum + (['instalment', 'card-payment'].includes(r.type) ? -r.amount_pence : r.amount_pence),
          0,
        );
    for (const { record } of received) {
      const id = Number(record.accountReference.slice(2));
      expect(record.balancePence, record.eventId).toBe(Math.max(0, await owedOn(id, record.occurredOn)));
    }
    const settled = received.find((r) => r.eventId === `settled:${paid.applicationId}`)!.record;
    expect(settled.balancePence).toBe(0);
    expect(settled.borrower).toMatchObject({ lastName: 'Doe', birthDate: '1990-05-01' });
    expect(settled.borrower.address).toMatchObject({ line1: '10 Downing Street', postcode: 'SW1A 2AA' });

    // The outbox holds each event once, sent with the agency's receipt.
    const rows = await outboxRows(t);
    expect(
      rows
        .filter((r) => r.state === 'sent')
        .map((r) => r.event_id)
        .sort(),
    ).toEqual([...ids].sort());
    expect(rows.every((r) => (r.state === 'sent' ? r.receipt_id !== null : r.state === 'rejected'))).toBe(
      true,
    );
  });

  it('a default closed later (paid off, or its balance written off) stays a default on the file', async () => {
    const today = t.ctx.businessDate.today();
    const book = (await loanRepository(t.ctx.db).books([unpaid.applicationId])).get(unpaid.applicationId)!;
    expect(accountFiguresOn(book, today).status).toBe('D');
    const closed = { ...book, loan: { ...book.loan, settled_on: today } };
    expect(accountFiguresOn(closed, today)).toMatchObject({
      status: 'D',
      closedOn: today,
      monthlyPaymentPence: 0,
    });
  });

  it('derives nothing new when a day is derived again, and the same figures: the pages stored from the books in memory what the ledger says', async () => {
    const before = await outboxRows(t);
    const outbox = creditReportingOutbox(t.ctx.db);
    for (const day of new Set(before.map((r) => r.occurred_on))) {
      const again = await loanEventsOf(t.ctx.db, day);
      expect(again.length).toBeGreaterThan(0);
      const stored = new Map(before.map((r) => [r.event_id, JSON.parse(r.record) as unknown]));
      for (const { applicationId: _id, ...record } of again)
        expect(stored.get(record.eventId)).toEqual(record);
      expect(await outbox.store(again)).toBe(0);
    }
    expect(await outboxRows(t)).toEqual(before);
  });

  it('sends again a record whose sent mark was lost (a crash after the agency received it): the agency holds it once', async () => {
    const before = await sandboxRecords(t);
    // As after a crash between the agency's answer and our update: the records are pending again.
    await t.ctx.db
      .updateTable('credit_reporting_outbox')
      .set({ state: 'pending', receipt_id: null, sent_at: null })
      .where('state', '=', 'sent')
      .execute();
    const sent = await ops(t, 'cra', 'send');
    expect(sent.error).toBeNull();
    expect(sent.lines[0]).toBe(`Sent ${before.length} record(s), 0 rejected; 0 pending.`);
    expect(await sandboxRecords(t)).toEqual(before);
    expect((await outboxRows(t)).filter((r) => r.state === 'pending')).toEqual([]);
  });

  it("writes the month's snapshot whose balances are the ledger's, and the sandbox accepts every line", async () => {
    const month = dates[1]!.slice(0, 7);
    const file = path.join(dir, `${month}.txt`);
    const result = await ops(t, 'cra', 'monthly', '--month', month, '--out', file, '--send');
    expect(result.error).toBeNull();
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.every((l) => l.length === 200)).toBe(true);
    const accounts = lines.filter((l) => l.startsWith('A'));
    expect(accounts.map((l) => l.slice(1, 21).trim())).toEqual(
      [paid, unpaid, nameless].map((l) => accountReferenceOf(l.applicationId)),
    );
    const lastDay = addDays(`${addDays(`${month}-28`, 5).slice(0, 7)}-01`, -1);
    for (const line of accounts) {
      const id = Number(line.slice(3, 21).trim());
      const owed = (await ledgerOf(t, id))
        .filter((r) => r.on_date <= lastDay)
        .reduce(
          (sum, r) =>
            sum + (['instalment', 'card-payment'].includes(r.type) ? -r.amount_pence : r.amount_pence),
          0,
        );
      expect(Number(line.slice(39, 49)), `balance of ${id}`).toBe(owed);
    }
    const trailer = lines.at(-1)!;
    expect(Number(trailer.slice(1, 9))).toBe(3);
    expect(Number(trailer.slice(9, 23))).toBe(accounts.reduce((s, l) => s + Number(l.slice(39, 49)), 0));
    expect(result.lines[0]).toContain(`Wrote ${file}: 3 account(s) of ${month}`);
    expect(result.lines[1]).toMatch(/^Sent: receipt \S+, 3 line\(s\) accepted, 0 rejected\.$/);
  });

  it('refuses a month the close of business has not closed, and writes no file', async () => {
    const month = t.ctx.businessDate.today().slice(0, 7);
    const file = path.join(dir, 'open.txt');
    const result = await ops(t, 'cra', 'monthly', '--month', month, '--out', file);
    expect(result.error).toMatch(new RegExp(`^The month ${month} is not closed yet`));
    expect(fs.existsSync(file)).toBe(false);
    expect((await ops(t, 'cra', 'monthly', '--month', '2026-13', '--out', file)).error).toContain(
      'Not a month: 2026-13',
    );
    expect((await ops(t, 'cra', 'monthly', '--month', month)).error).toContain('--out <file>');
  });
});

describe('ops cra, as staff run it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is listed by help, lists no rejection on a new database, and exits non-zero with the usage on bad arguments', async () => {
    const help = await runOps(t, ['help']);
    expect(help.stdout).toContain(
      'cra monthly --month yyyy-mm --out <file> [--send]|rejections|send|resend <eventId>',
    );
    const none = await runOps(t, ['cra', 'rejections']);
    expect(none).toMatchObject({ code: 0, stdout: '0 record(s) rejected by the credit reference agency.\n' });
    const bad = await runOps(t, ['cra', 'rejections', '--month', '2026-01']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--month, --out and --send go with monthly.');
    expect(bad.stderr).toContain('Usage: npm run ops -- cra monthly');
  }, 60_000);
});

describe('sharing an arrangement to pay', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('a forbearance plan made in arrears reaches the agency as an arrangement, flagged, on the day it was made', async () => {
    const loan = await loanInArrears(t);
    const madeOn = t.ctx.businessDate.today();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/MyAccountArea/ReSchedule',
      headers: { authorization: loan.authorization, 'idempotency-key': randomUUID() },
      payload: {
        frequencyID: WageFrequencyId.monthly,
        duration: 3,
        repayDate: nextWorkingDay(addDays(madeOn, 20)),
        amount: null,
      },
    });
    expect(res.json().error.errorID).toBe(0);
    await travelTo(t, addDays(madeOn, 1));
    const [arrangement] = (await sandboxRecords(t)).filter((r) => r.record.event === 'arrangement');
    expect(arrangement).toMatchObject({
      eventId: `arrangement:${loan.applicationId}:2`,
      record: {
        occurredOn: madeOn,
        arrangement: true,
        accountReference: accountReferenceOf(loan.applicationId),
      },
    });
  });
});

describe('sharing a withdrawal repaid by card the same day', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('the notice, the card payment and the end reach the agency, though the loan left the live book during the day', async () => {
    const loan = await activeLoan(t);
    await travelTo(t, addDays(t.ctx.businessDate.today(), 3));
    const day = t.ctx.businessDate.today();
    const withdraw = await t.app.inject({
      method: 'POST',
      url: '/api/MyAccountArea/Withdraw',
      headers: { authorization: loan.authorization, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(withdraw.json().error.errorID).toBe(0);
    const amount = withdraw.json().object.amountToRepay;
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/MyAccountArea/CardPayment',
      headers: { authorization: loan.authorization, 'idempotency-key': randomUUID() },
      payload: { payTotal: true, amount, useExistingCard: true },
    });
    expect(paid.json().error.errorID).toBe(0);
    expect(await statusOf(t, loan.guid)).toBe(AppStatus.withdrawn);

    await travelTo(t, addDays(day, 1));
    const payment = (await ledgerOf(t, loan.applicationId)).find((r) => r.type === 'card-payment')!;
    const ofDay = (await sandboxRecords(t))
      .filter((r) => r.record.occurredOn === day)
      .map((r) => [r.eventId, r.record.status, r.record.balancePence]);
    expect(ofDay).toEqual([
      [`payment:${payment.id}`, 'S', 0],
      [`withdrawn:${loan.applicationId}`, 'S', 0],
      [`settled:${loan.applicationId}`, 'S', 0],
    ]);
  });
});
