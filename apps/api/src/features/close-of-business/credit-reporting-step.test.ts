import { addDays } from '@lender/contract/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditReferenceAgency } from '../../lib/credit-reference/credit-reference-agency';
import { createCreditReferenceAgency } from '../../lib/credit-reference/create-credit-reference-agency';
import { outsideServices } from '../../lib/outside-services';
import { craRecordsReceived } from '../../sandbox/credit-reference/test-support';
import { activeLoan, dueDates, travelTo } from '../../test/live-loan';
import { createTestApp, type TestApp } from '../../test/test-app';
import { closeOfBusiness } from './close-of-business';
import { creditReportingParts } from './credit-reporting-step';
import { loanRepository } from '../../entities/loans/loan-repository';

/** The event ids the agency's sandbox received, in order (it keeps each eventId once, by its design). */
const receivedIds = async (t: TestApp) => (await craRecordsReceived(t.ctx.db)).map((r) => r.eventId);

const outboxRow = (t: TestApp, eventId: string) =>
  t.ctx.db
    .selectFrom('credit_reporting_outbox')
    .selectAll()
    .where('event_id', '=', eventId)
    .executeTakeFirst();

const isClosed = async (t: TestApp, date: string) =>
  (await t.ctx.db
    .selectFrom('business_days')
    .select('business_date')
    .where('business_date', '=', date)
    .executeTakeFirst()) !== undefined;

describe("the close of business's credit-reporting step, across a crash and an agency that is down", () => {
  let t: TestApp;
  let loan: Awaited<ReturnType<typeof activeLoan>>;
  beforeAll(async () => {
    t = await createTestApp();
    loan = await activeLoan(t);
  });
  afterAll(() => t?.close());

  it('a run killed after the agency received the day, before storing its answer, finishes the day when started again; the agency holds each event once', async () => {
    const services = outsideServices(t.ctx, t.app);
    const agency = services.creditReference;
    // The real sandbox receives the records; the run then dies before it can store them as sent.
    const killedAfterAnswer: CreditReferenceAgency = {
      search: (request) => agency.search(request),
      agencyParticulars: () => agency.agencyParticulars(),
      submitMonthly: (month, file) => agency.submitMonthly(month, file),
      async submit(records) {
        await agency.submit(records);
        throw new Error('killed after the agency answered');
      },
    };
    const payoutDay = t.ctx.businessDate.today();
    await t.ctx.businessDate.set(addDays(payoutDay, 1));
    const killed = closeOfBusiness(t.ctx, services.cardProvider, { creditReference: killedAfterAnswer });
    await expect(killed.closeThrough(payoutDay)).rejects.toThrow('killed after the agency answered');

    const eventId = `opened:${loan.applicationId}`;
    expect(await isClosed(t, payoutDay)).toBe(false);
    expect(await receivedIds(t)).toEqual([eventId]);
    // Nothing stored: the page sends, then stores what the agency answered (docs/decisions/059).
    expect(await outboxRow(t, eventId)).toBeUndefined();

    // Started again: the day's steps run again, the record is made and sent again, the agency keeps it once.
    await t.app.servicing.closeOfBusiness.closeThrough(payoutDay);
    expect(await isClosed(t, payoutDay)).toBe(true);
    expect(await receivedIds(t)).toEqual([eventId]);
    expect(await outboxRow(t, eventId)).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('an agency that does not answer leaves the day closed and its records pending with the reason; the next run sends them', async () => {
    const [due] = await dueDates(t, loan.applicationId);
    await t.ctx.businessDate.set(addDays(due!, 1));
    // The HTTP adapter, pointed at a port nothing listens on.
    const down = createCreditReferenceAgency({ url: 'http://127.0.0.1:9', key: 'key' }, t.app);
    const services = outsideServices(t.ctx, t.app);
    const days = await closeOfBusiness(t.ctx, services.cardProvider, { creditReference: down }).closeThrough(
      due,
    );
    expect(await isClosed(t, due!)).toBe(true);
    expect(days.at(-1)!.shared).toMatchObject({ stored: 1, sent: 0, rejected: 0, pending: 1 });
    expect(days.at(-1)!.shared!.unavailable).toBeTruthy();
    const payment = await t.ctx.db
      .selectFrom('loan_transactions')
      .select('id')
      .where('application_id', '=', loan.applicationId)
      .where('type', '=', 'instalment')
      .executeTakeFirstOrThrow();
    const eventId = `payment:${payment.id}`;
    const waiting = await outboxRow(t, eventId);
    expect(waiting).toMatchObject({ state: 'pending', occurred_on: due });
    expect(waiting!.attempts).toBeGreaterThanOrEqual(1);
    expect(waiting!.last_error).toBeTruthy();
    expect(await receivedIds(t)).not.toContain(eventId);

    // The next day's close of business, with the agency back, sends what waited.
    await travelTo(t, addDays(due!, 2));
    expect(await receivedIds(t)).toEqual([`opened:${loan.applicationId}`, eventId]);
    expect(await outboxRow(t, eventId)).toMatchObject({ state: 'sent', last_error: null });
  });
});

/** An agency that records each request's event ids, in order, and passes it on (or is down). */
function recording(agency: CreditReferenceAgency, requests: string[][], down = false): CreditReferenceAgency {
  return {
    search: (request) => agency.search(request),
    agencyParticulars: () => agency.agencyParticulars(),
    submitMonthly: (month, file) => agency.submitMonthly(month, file),
    submit(records) {
      if (down) return Promise.resolve({ outcome: 'unavailable', reason: 'down for the test' });
      requests.push(records.map((r) => r.eventId));
      return agency.submit(records);
    },
  };
}

describe("who sends a day's records: the page that made them, unless an older one waits", () => {
  let t: TestApp;
  let loans: { applicationId: number }[];
  beforeAll(async () => {
    t = await createTestApp();
    loans = [await activeLoan(t), await activeLoan(t), await activeLoan(t)];
  });
  afterAll(() => t?.close());
  const requests: string[][] = [];
  const agency = () => outsideServices(t.ctx, t.app).creditReference;

  const page = async (parts: ReturnType<typeof creditReportingParts>, applicationId: number) =>
    parts.storePageEvents(
      t.ctx.businessDate.today(),
      [applicationId],
      await loanRepository(t.ctx.db).books([applicationId]),
    );

  it('with none waiting, a page sends the records it stored at once, from memory', async () => {
    const c = `opened:${loans[2]!.applicationId}`;
    const parts = creditReportingParts(t.ctx.db, recording(agency(), requests));
    await page(parts, loans[2]!.applicationId);
    expect(requests).toEqual([[c]]);
    expect(await outboxRow(t, c)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(await receivedIds(t)).toContain(c);
  });

  it('with an older record waiting, a page only stores, and the day sends every record oldest first', async () => {
    const [a, b, c] = loans.map((l) => `opened:${l.applicationId}`);
    // The first loan's record waits: the agency was down when its page sent it.
    await page(creditReportingParts(t.ctx.db, recording(agency(), requests, true)), loans[0]!.applicationId);
    expect(await outboxRow(t, a!)).toMatchObject({ state: 'pending', last_error: 'down for the test' });

    const parts = creditReportingParts(t.ctx.db, recording(agency(), requests));
    await page(parts, loans[1]!.applicationId);
    expect(requests).toEqual([[c]]);
    expect(await outboxRow(t, b!)).toMatchObject({ state: 'pending', attempts: 0 });

    // The day's part: the three loans' events (the other two no page of this run named) stored once.
    const shared = await parts.shareLoanEvents(t.ctx.businessDate.today());
    expect(requests).toEqual([[c], [a, b]]);
    expect(shared).toEqual({ stored: 1, sent: { sent: 2, rejected: 0, pending: 0, unavailable: null } });
    expect(await outboxRow(t, a!)).toMatchObject({ state: 'sent', attempts: 2, last_error: null });
  });
});
