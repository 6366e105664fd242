import { randomUUID } from 'node:crypto';
import { addDays } from '@lender/contract/dates';
import { Refusal } from '@lender/contract/refusals';
import { Msg } from '@lender/contract/rules/messages';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesTo } from '../../test/account-holder';
import { CARDS } from '../../sandbox/card-provider/test-support';
import { cardPayment, cardPayments, round2, sandboxCharges, totalDue } from '../../test/card-payment';
import {
  activeLoan,
  dueDates,
  ledger,
  loanInArrears,
  myAccountGet,
  signedNotPaidOut,
  statusOf,
  travelTo,
} from '../../test/live-loan';
import { createTestApp, type TestApp } from '../../test/test-app';
import { outsideServices } from '../../lib/outside-services';
import { type CardProvider } from '../../lib/card-provider/card-provider';
import { jobLock } from '../../lib/job-lock';
import { loanBatchLock } from '../../lib/loan-batch-lock';
import { paymentService } from './payment-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('MyAccountArea/CardPayment with the card on file', () => {
  let loan: Awaited<ReturnType<typeof activeLoan>>;
  beforeAll(async () => {
    loan = await activeLoan(t);
  });

  it('takes a part payment: posted on the business date, the balance and next instalment lower, a receipt sent', async () => {
    const before = await totalDue(t, loan.authorization);
    const amount = round2(before / 2);
    const key = randomUUID();
    const res = await cardPayment(t, loan.authorization, { amount, useExistingCard: true }, key);
    expect(res.json().error).toEqual({ errorID: 0, errorMessage: '' });
    expect(res.json().object.redirectUrl).toBeNull();

    expect(await cardPayments(t, loan.applicationId)).toEqual([
      { type: 'card-payment', amount_pence: Math.round(amount * 100), on_date: t.ctx.businessDate.today() },
    ]);
    expect(await totalDue(t, loan.authorization)).toBe(round2(before - amount));
    expect(await statusOf(t, loan.guid)).toBe(AppStatus.active);

    const schedule = (await myAccountGet(t, 'GetScheduleSummary', loan.authorization)).json().object;
    expect(schedule.transactions).toContainEqual(
      expect.objectContaining({ transactionType: 'Card payment', creditAmount: amount, debitAmount: 0 }),
    );
    // What is paid comes off the oldest instalments first: the payments still due are that much less.
    const summary = (await myAccountGet(t, 'GetBorrowingSummary', loan.authorization)).json().object;
    const sum = (rows: { amount?: number; pmt?: number }[]) =>
      rows.reduce((s, r) => s + Math.round((r.amount ?? r.pmt!) * 100), 0);
    expect(sum(summary.sobRep1)).toBe(sum(schedule.schedule) - Math.round(amount * 100));

    const [receipt] = (await messagesTo(t, loan.email)).filter((m) =>
      /received your payment/.test(m.subject ?? ''),
    );
    expect(receipt?.text).toContain(`£${amount.toFixed(2)}`);
    // The receipt's figures are the borrow page's: to clear today, and the first payment still due.
    expect(receipt?.text).toContain(`To clear your loan today: £${round2(before - amount).toFixed(2)}.`);
    const [next] = summary.sobRep1;
    const [y, m, d] = next.date.slice(0, 10).split('-');
    expect(receipt?.text).toContain(`Next payment: £${next.amount.toFixed(2)} on ${d}-${m}-${y}.`);

    // The page's receipt (issue 45 item 10): the amount, the card on file by its last four digits, the
    // date, and the figures the borrow page names, from the ledger; the same key answers it again.
    const card = await t.ctx.db
      .selectFrom('cards')
      .select('last4')
      .where('customer_id', '=', loan.customerId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(card.last4).toMatch(/^\d{4}$/);
    const shown = res.json().object.receipt;
    expect(shown).toEqual({
      amount,
      cardLast4: card.last4,
      date: t.ctx.businessDate.today(),
      figures: summary.figures,
    });
    expect(shown.figures).toMatchObject({
      toClearToday: round2(before - amount),
      nextPayment: { date: next.date, amount: next.amount },
      overdueNow: 0,
    });
    const again = await cardPayment(t, loan.authorization, { amount, useExistingCard: true }, key);
    expect(again.json().object.receipt).toEqual(shown);
    expect(await cardPayments(t, loan.applicationId)).toHaveLength(1);
  });

  it('refuses an amount below 10% or above the total due, and changes nothing', async () => {
    const due = await totalDue(t, loan.authorization);
    const before = await ledger(t, loan.applicationId);
    const tooLittle = await cardPayment(t, loan.authorization, {
      amount: round2(due * 0.1 - 0.01),
      useExistingCard: true,
    });
    expect(tooLittle.statusCode).toBe(400);
    expect(tooLittle.json().error.errorMessage).toBe(Msg.minPayment);
    const tooMuch = await cardPayment(t, loan.authorization, {
      amount: round2(due + 0.01),
      useExistingCard: true,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.errorMessage).toMatch(/The most you can pay is your remaining balance of £/);
    const fraction = await cardPayment(t, loan.authorization, { amount: 10.005, useExistingCard: true });
    expect(fraction.statusCode).toBe(400);
    expect(await ledger(t, loan.applicationId)).toEqual(before);
  });

  it('refuses a payment without an idempotency key, and one whose key was used for another payment', async () => {
    const due = await totalDue(t, loan.authorization);
    const noKey = await cardPayment(
      t,
      loan.authorization,
      { amount: round2(due / 4), useExistingCard: true },
      null,
    );
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.errorMessage).toMatch(/Idempotency-Key/);

    const key = randomUUID();
    const first = await cardPayment(
      t,
      loan.authorization,
      { amount: round2(due / 4), useExistingCard: true },
      key,
    );
    expect(first.json().error.errorID).toBe(0);
    const other = await cardPayment(
      t,
      loan.authorization,
      { amount: round2(due / 3), useExistingCard: true },
      key,
    );
    expect(other.json().error).toEqual(Refusal.idempotencyKeyReused);
  });

  it('charges once for a replay, a double click or a retry under one key, and answers the first result', async () => {
    const due = await totalDue(t, loan.authorization);
    const body = { amount: round2(due / 5), useExistingCard: true };
    const key = randomUUID();
    const paymentsBefore = (await cardPayments(t, loan.applicationId)).length;
    const chargesBefore = (await sandboxCharges(t)).length;
    const answers = await Promise.all([
      cardPayment(t, loan.authorization, body, key),
      cardPayment(t, loan.authorization, body, key),
    ]);
    const again = await cardPayment(t, loan.authorization, { ...body, idempotencyKey: key }, null);
    for (const res of [...answers, again]) expect(res.json().error.errorID).toBe(0);
    expect((await cardPayments(t, loan.applicationId)).length).toBe(paymentsBefore + 1);
    expect((await sandboxCharges(t)).length).toBe(chargesBefore + 1);
  });

  it('of two different payments racing on the loan, never takes more than is due', async () => {
    const due = await totalDue(t, loan.authorization);
    const body = { amount: round2(due * 0.6), useExistingCard: true };
    const before = await cardPayments(t, loan.applicationId);
    const answers = await Promise.all([
      cardPayment(t, loan.authorization, body),
      cardPayment(t, loan.authorization, body),
    ]);
    const paid = answers.filter((r) => r.json().error.errorID === 0);
    expect(paid).toHaveLength(1);
    expect((await cardPayments(t, loan.applicationId)).length).toBe(before.length + 1);
    expect(await totalDue(t, loan.authorization)).toBe(round2(due - body.amount));
  });

  it('settles the loan when the total due is paid: status settled, settledDate set, nothing more collected', async () => {
    const due = await totalDue(t, loan.authorization);
    const stale = await cardPayment(t, loan.authorization, {
      payTotal: true,
      amount: round2(due + 1),
      useExistingCard: true,
    });
    expect(stale.json().error).toEqual(Refusal.paymentChanged);

    const res = await cardPayment(t, loan.authorization, {
      payTotal: true,
      amount: due,
      useExistingCard: true,
    });
    expect(res.json().error.errorID).toBe(0);
    expect(await statusOf(t, loan.guid)).toBe(AppStatus.settled);
    expect(await totalDue(t, loan.authorization)).toBe(0);
    const schedule = (await myAccountGet(t, 'GetScheduleSummary', loan.authorization)).json().object;
    expect(schedule.settledDate).toBe(t.ctx.businessDate.today());

    const after = await cardPayment(t, loan.authorization, { amount: 10, useExistingCard: true });
    expect(after.json().error).toEqual(Refusal.noLoanToPay);
  });
});

describe('MyAccountArea/CardPayment in arrears', () => {
  it('takes a token payment from £1 (CONC 7.3.5), where 10% is asked outside arrears', async () => {
    // The customer stopped the CPA; the first instalment went unpaid.
    const loan = await loanInArrears(t);
    const tooLittle = await cardPayment(t, loan.authorization, { amount: 0.99, useExistingCard: true });
    expect(tooLittle.json().error.errorMessage).toBe(Msg.minTokenPayment);
    const token = await cardPayment(t, loan.authorization, { amount: 1, useExistingCard: true });
    expect(token.json().error.errorID).toBe(0);
    expect(await cardPayments(t, loan.applicationId)).toEqual([
      expect.objectContaining({ amount_pence: 100 }),
    ]);
  });
});

describe('MyAccountArea/CardPayment refuses', () => {
  it('a customer with no loan: GetTotalDue 0 and the payment refused, another customer’s loan untouched', async () => {
    const other = await activeLoan(t);
    const otherBefore = await ledger(t, other.applicationId);
    // Signed, never paid out: nothing to pay.
    const signed = await signedNotPaidOut(t);
    expect(await totalDue(t, signed.authorization)).toBe(0);
    const res = await cardPayment(t, signed.authorization, { amount: 10, useExistingCard: true });
    expect(res.json().error).toEqual(Refusal.noLoanToPay);
    expect(await ledger(t, other.applicationId)).toEqual(otherBefore);
  });

  it('the card on file of a blocked loan, pointing to a new card', async () => {
    const loan = await activeLoan(t, CARDS.declinesCharges);
    const [first] = await dueDates(t, loan.applicationId);
    await travelTo(t, addDays(first!, 3));
    const due = await totalDue(t, loan.authorization);
    const res = await cardPayment(t, loan.authorization, { amount: round2(due / 2), useExistingCard: true });
    expect(res.json().error).toEqual(Refusal.cardNotActive);
  });

  it('only while the close of business holds its own loan (then for the wait: COB_LOAN_WAIT_MS)', async () => {
    const loan = await activeLoan(t);
    const lock = jobLock(t.ctx.db, 'close-of-business');
    expect(await lock.take()).toBe(true);
    try {
      // The run is on, closing other loans: this one is not waited for (issue 44).
      await loanBatchLock(t.ctx.db, 'close-of-business', lock.holder).hold(1, loan.applicationId - 1);
      const amount = round2((await totalDue(t, loan.authorization)) / 2);
      const res = await cardPayment(t, loan.authorization, { amount, useExistingCard: true });
      expect(res.json().error.errorID).toBe(0);
      expect(await cardPayments(t, loan.applicationId)).toHaveLength(1);
    } finally {
      await loanBatchLock(t.ctx.db, 'close-of-business', lock.holder).release();
      await lock.release();
    }
  });
});

describe('a card payment whose provider does not answer', () => {
  it('stays open, is asked again under the same reference by the same key, and charges once', async () => {
    const loan = await activeLoan(t);
    const real = outsideServices(t.ctx, t.app).cardProvider;
    const asked: string[] = [];
    let up = false;
    const flaky: CardProvider = {
      ...real,
      charge: async (request) => {
        asked.push(request.reference);
        return up ? real.charge(request) : { outcome: 'unavailable', reason: 'The provider did not answer.' };
      },
    };
    const service = paymentService(t.ctx, flaky, new URL('/borrow/payment', t.ctx.config.PUBLIC_URL).href);
    const amountPence = Math.round((await totalDue(t, loan.authorization)) * 50);
    const request = {
      customerId: loan.customerId,
      idempotencyKey: randomUUID(),
      payTotal: false,
      amountPence,
      card: { kind: 'file' as const },
    };
    expect(await service.pay(request)).toEqual({ kind: 'refused', refusal: Refusal.paymentUnavailable });
    // Another payment waits while the first may still have taken the money.
    expect(await service.pay({ ...request, idempotencyKey: randomUUID() })).toEqual({
      kind: 'refused',
      refusal: Refusal.paymentInProgress,
    });
    up = true;
    expect(await service.pay(request)).toMatchObject({ kind: 'paid', settled: false });
    expect(new Set(asked).size).toBe(1);
    expect(await cardPayments(t, loan.applicationId)).toEqual([
      expect.objectContaining({ amount_pence: amountPence }),
    ]);
  });
});
