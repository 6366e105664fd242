import { addDays } from '@lender/contract/dates';
import { ErrorId } from '@lender/contract/error-ids';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instalmentStates, positionOf } from '../../entities/loans/ledger';
import { loanRepository } from '../../entities/loans/loan-repository';
import { CARDS } from '../../sandbox/card-provider/test-support';
import { activeLoan, dueDates, noticesOf, statusOf, travelTo } from '../../test/live-loan';
import { createStaffSession } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TRANSFER_BACKDATE_DAYS } from './bank-transfer-service';
import { bookOf, DAYS_OF_CLOSING, kept, ledgerOf, post, type Row } from './collections-test-support';

describe('Loans/PostTransfer: a payment received by bank transfer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it(
    'back-dated to the due date, turns a missed instalment into a paid one: the fee taken back, no arrears, no notice after it',
    async () => {
      // The card declines every collection: the first instalment is missed, and a week on the default fee
      // is charged.
      const loan = await activeLoan(t, CARDS.declinesCharges);
      const [first, second] = await dueDates(t, loan.applicationId);
      const postedOn = addDays(first!, t.ctx.config.DEFAULT_FEE_AFTER_DAYS + 2);
      expect(postedOn < second!).toBe(true);
      await travelTo(t, postedOn);
      expect(await statusOf(t, loan.guid)).toBe(AppStatus.arrears);
      const before = kept(await ledgerOf(t, loan.applicationId));
      const feeBefore = before.filter((r) => r.type === 'default-fee');
      expect(feeBefore).toHaveLength(1);
      const interestSince = (rows: Row[]) =>
        rows
          .filter((r) => r.type === 'interest' && r.on_date >= first!)
          .reduce((s, r) => s + r.amount_pence, 0);
      const bookBefore = await bookOf(t, loan.applicationId);
      const instalment = bookBefore.terms.instalments[0]!.paymentPence;
      expect(
        instalmentStates(bookBefore.terms, positionOf(bookBefore.terms, bookBefore.rows))[0]!.isPaid,
      ).toBe(false);

      // The customer paid by bank transfer on the due date; the bank statement shows it today.
      const collections = await createStaffSession(t.ctx, 'collections');
      const res = await post(t, 'PostTransfer', collections.cookie, {
        loanId: loan.applicationId,
        amount: (instalment / 100).toFixed(2),
        valueDate: first,
        reference: 'fp 20260101 ab12',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().error.errorID, res.body).toBe(0);
      const posted = res.json().object;
      expect(posted).toMatchObject({
        loanId: loan.applicationId,
        amountPence: instalment,
        valueDate: first,
        reference: 'FP 20260101 AB12',
        feesReversedPence: feeBefore[0]!.amount_pence,
        arrearsPence: 0,
        statusId: AppStatus.active,
      });
      // The days since were charged on the principal the transfer paid down: less interest than before.
      expect(posted.rerun.interestAfterPence).toBeLessThan(posted.rerun.interestBeforePence);

      const after = kept(await ledgerOf(t, loan.applicationId));
      expect(after.filter((r) => r.type === 'default-fee')).toEqual([]);
      expect(after.filter((r) => r.type === 'bank-transfer')).toEqual([
        expect.objectContaining({ amount_pence: instalment, on_date: first }),
      ]);
      expect(interestSince(after)).toBe(posted.rerun.interestAfterPence);
      expect(interestSince(before)).toBe(posted.rerun.interestBeforePence);
      // Each closed day still has its one interest row.
      const days = (rows: Row[]) => rows.filter((r) => r.type === 'interest').map((r) => r.on_date);
      expect(days(after)).toEqual(days(before));
      const book = await bookOf(t, loan.applicationId);
      const position = positionOf(book.terms, book.rows);
      expect(instalmentStates(book.terms, position)[0]!.isPaid).toBe(true);
      expect(position.feesDuePence).toBe(0);
      // The ledger still balances to the penny.
      expect(
        position.advancedPence +
          position.interestChargedPence +
          position.feesChargedPence -
          position.paidPence +
          position.creditPence,
      ).toBe(position.totalDuePence);

      // The days to the next due date close with no fee, no arrears and no notice.
      const noticesBefore = await noticesOf(t, loan.applicationId);
      await travelTo(t, addDays(second!, -1));
      expect(await statusOf(t, loan.guid)).toBe(AppStatus.active);
      expect(kept(await ledgerOf(t, loan.applicationId)).filter((r) => r.type === 'default-fee')).toEqual([]);
      expect(await noticesOf(t, loan.applicationId)).toEqual(noticesBefore);

      // The loan page shows the instalment paid and the transfer on the ledger; the act is in the audit.
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/staff/Customers/Loan?loanId=${loan.applicationId}`,
        headers: { cookie: collections.cookie },
      });
      const view = page.json().object;
      expect(view.schedule.instalments[0]).toMatchObject({ seq: 1, isPaid: true });
      expect(view.ledger.map((r: { kind: string }) => r.kind)).toContain('bank-transfer');
      const audit = await t.ctx.db
        .selectFrom('audit_events')
        .selectAll()
        .where('action', '=', 'bank-transfer-posted')
        .where('subject_id', '=', String(loan.applicationId))
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]!.actor).toBe(`staff:${collections.member.id}`);
      const details = JSON.parse(audit[0]!.details!);
      expect(details).toMatchObject({
        address: expect.any(String),
        before: { statusId: AppStatus.arrears },
        after: { statusId: AppStatus.active, arrearsPence: 0 },
        amountPence: instalment,
        valueDate: first,
      });
    },
    DAYS_OF_CLOSING,
  );

  it(
    'refuses the same reference twice, a date in the future, before the payout or too far back, and more than settles the loan; nothing changes',
    async () => {
      const loan = await activeLoan(t);
      const agent = await createStaffSession(t.ctx, 'agent');
      const funded = (await bookOf(t, loan.applicationId)).loan.funded_on!;
      await travelTo(t, addDays(funded, 5));
      const today = t.ctx.businessDate.today();
      const good = { loanId: loan.applicationId, amount: '10.00', valueDate: today, reference: 'REF-ONE' };
      const first = await post(t, 'PostTransfer', agent.cookie, good);
      expect(first.json().error.errorID, first.body).toBe(0);
      const rows = await ledgerOf(t, loan.applicationId);

      const cases: [object, RegExp][] = [
        [{ reference: ' ref-one ' }, /posted already/],
        [{ reference: 'REF-2', valueDate: addDays(today, 1) }, /after today/],
        [{ reference: 'REF-3', valueDate: funded }, /paid out on/],
        [
          { reference: 'REF-4', valueDate: addDays(today, -TRANSFER_BACKDATE_DAYS - 1) },
          /at most 30 days|paid out/,
        ],
        [{ reference: 'REF-5', amount: '9999.00' }, /more than what settles/],
      ];
      for (const [change, message] of cases) {
        const res = await post(t, 'PostTransfer', agent.cookie, { ...good, ...change });
        expect(res.statusCode).toBe(200);
        expect(res.json().error.errorID, JSON.stringify(change)).toBe(ErrorId.conflict);
        expect(res.json().error.errorMessage).toMatch(message);
      }
      // Bad input is refused by the schema with its words.
      const bad = await post(t, 'PostTransfer', agent.cookie, { ...good, amount: '-5', reference: 'REF-6' });
      expect(bad.statusCode).toBe(400);
      expect(await ledgerOf(t, loan.applicationId)).toEqual(rows);
      const unknown = await post(t, 'PostTransfer', agent.cookie, {
        ...good,
        loanId: 99999999,
        reference: 'R7',
      });
      expect(unknown.json().error.errorID).toBe(ErrorId.notFound);
    },
    DAYS_OF_CLOSING,
  );
});

describe('Loans/PostTransfer: the days worked out again', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it(
    'leave the ledger as it would be had the payment been on it that day',
    async () => {
      // Two loans alike, on cards that decline: one paid on its due date (as a card payment that day),
      // the other by a transfer the bank received that day and staff post nine days later.
      const onTime = await activeLoan(t, CARDS.declinesCharges);
      const late = await activeLoan(t, CARDS.declinesCharges);
      const [first] = await dueDates(t, onTime.applicationId);
      expect(await dueDates(t, late.applicationId)).toEqual(await dueDates(t, onTime.applicationId));
      const terms = (await bookOf(t, onTime.applicationId)).terms;
      expect((await bookOf(t, late.applicationId)).terms).toEqual(terms);
      const instalment = terms.instalments[0]!.paymentPence;

      await travelTo(t, first!);
      await loanRepository(t.ctx.db).post([
        {
          applicationId: onTime.applicationId,
          type: 'card-payment',
          amountPence: instalment,
          onDate: first!,
          reference: 'test:paid-on-time',
        },
      ]);
      await travelTo(t, addDays(first!, 9));
      const collections = await createStaffSession(t.ctx, 'collections');
      const res = await post(t, 'PostTransfer', collections.cookie, {
        loanId: late.applicationId,
        amount: (instalment / 100).toFixed(2),
        valueDate: first,
        reference: 'SAME-DAY-1',
      });
      expect(res.json().error.errorID, res.body).toBe(0);

      const charges = async (id: number) =>
        kept(await ledgerOf(t, id))
          .filter((r) => r.type === 'interest' || r.type === 'default-fee')
          .map((r) => ({ type: r.type, on: r.on_date, pence: r.amount_pence }))
          .sort((a, b) => (a.on < b.on ? -1 : a.on > b.on ? 1 : a.type < b.type ? -1 : 1));
      expect(await charges(late.applicationId)).toEqual(await charges(onTime.applicationId));
      const position = async (id: number) => {
        const book = await bookOf(t, id);
        return positionOf(book.terms, book.rows);
      };
      const [a, b] = [await position(onTime.applicationId), await position(late.applicationId)];
      expect(b.totalDuePence).toBe(a.totalDuePence);
      expect(b.principalPence).toBe(a.principalPence);

      // The next days close alike too: the interest runs from the same principal and the same day.
      await travelTo(t, addDays(first!, 12));
      expect(await charges(late.applicationId)).toEqual(await charges(onTime.applicationId));
    },
    DAYS_OF_CLOSING,
  );

  it(
    'twice over: a second back-dated transfer works out again the days the first one did',
    async () => {
      const onTime = await activeLoan(t, CARDS.declinesCharges);
      const late = await activeLoan(t, CARDS.declinesCharges);
      const [first] = await dueDates(t, onTime.applicationId);
      const half = Math.floor((await bookOf(t, onTime.applicationId)).terms.instalments[0]!.paymentPence / 2);
      await travelTo(t, first!);
      const pay = (onDate: string, reference: string) =>
        loanRepository(t.ctx.db).post([
          { applicationId: onTime.applicationId, type: 'card-payment', amountPence: half, onDate, reference },
        ]);
      await pay(first!, 'test:half-1');
      await travelTo(t, addDays(first!, 3));
      await pay(addDays(first!, 3), 'test:half-2');
      await travelTo(t, addDays(first!, 10));
      const collections = await createStaffSession(t.ctx, 'collections');
      // The later payment posted first, then the earlier one: its re-run covers the days of the other.
      for (const [valueDate, reference] of [
        [addDays(first!, 3), 'TWICE-2'],
        [first!, 'TWICE-1'],
      ] as const) {
        const res = await post(t, 'PostTransfer', collections.cookie, {
          loanId: late.applicationId,
          amount: (half / 100).toFixed(2),
          valueDate,
          reference,
        });
        expect(res.json().error.errorID, res.body).toBe(0);
      }
      const charges = async (id: number) =>
        kept(await ledgerOf(t, id))
          .filter((r) => r.type === 'interest' || r.type === 'default-fee')
          .map((r) => ({ type: r.type, on: r.on_date, pence: r.amount_pence }))
          .sort((a, b) => (a.on < b.on ? -1 : a.on > b.on ? 1 : a.type < b.type ? -1 : 1));
      expect(await charges(late.applicationId)).toEqual(await charges(onTime.applicationId));
    },
    DAYS_OF_CLOSING,
  );
});
