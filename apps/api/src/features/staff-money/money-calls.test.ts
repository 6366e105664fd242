import { ErrorId } from '@lender/contract/error-ids';
import { Msg } from '@lender/contract/rules/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionOf } from '../../entities/loans/ledger';
import { loanRepository } from '../../entities/loans/loan-repository';
import { outsideServices } from '../../lib/outside-services';
import type { PayoutProvider } from '../../lib/payout-provider/payout-provider';
import { activeLoan } from '../../test/live-loan';
import { createStaffSession } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { moneyProposals, REFUND_PAYOUT_TRIES } from './money-proposals';
import { moneyTest } from './money-test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

const { post, call, get, bookOf, positionNow, proposalsOf, auditOf, sandboxPayments, loanInCredit } =
  moneyTest(() => t);

describe('Money: four eyes', () => {
  it('refunds a credit balance only when another team-lead approves it, and pays it out once when retried', async () => {
    const loan = await loanInCredit(5_000);
    const agent = await createStaffSession(t.ctx, 'agent');
    const lead = await createStaffSession(t.ctx, 'team-lead');
    const second = await createStaffSession(t.ctx, 'team-lead');

    // Over the credit balance: refused in words, nothing stored.
    const over = await call('ProposeRefund', agent.cookie, {
      loanId: loan.applicationId,
      amountPence: 5_001,
      reason: 'Overpaid by card',
    });
    expect(over.error.errorID).toBe(ErrorId.conflict);
    expect(over.error.errorMessage).toBe('The refund of £50.01 is more than the credit balance (£50.00).');
    expect(await proposalsOf(loan.applicationId)).toEqual([]);

    const made = await call('ProposeRefund', agent.cookie, {
      loanId: loan.applicationId,
      amountPence: 5_000,
      reason: 'Overpaid by card',
    });
    expect(made.error.errorID).toBe(0);
    expect(made.object).toMatchObject({
      state: 'proposed',
      makerId: agent.member.id,
      kind: 'refund',
      amountPence: 5_000,
    });
    const id = made.object.proposalId;
    // Proposed is not posted: the credit stands.
    expect((await positionNow(loan.applicationId)).creditPence).toBe(5_000);

    // The maker's role cannot approve (403); the checker's inbox lists it.
    expect((await post('Approve', agent.cookie, { proposalId: id })).statusCode).toBe(403);
    const inbox = await get('/api/staff/Money/Approvals', lead.cookie);
    expect(inbox.json().object.proposals.map((p: { proposalId: number }) => p.proposalId)).toContain(id);

    // The provider pays but its answer is lost: the refund waits, paid once at the bank.
    const real = outsideServices(t.ctx, t.app).payoutProvider;
    let lost = true;
    const flaky: PayoutProvider = {
      send: async (request) => {
        const answer = await real.send(request);
        if (!lost) return answer;
        lost = false;
        return { outcome: 'unavailable', reason: 'timed out' };
      },
      status: (paymentId) => real.status(paymentId),
    };
    const first = await moneyProposals(t.ctx, flaky).approve(id, {
      staffId: lead.member.id,
      address: '127.0.0.1',
    });
    expect(first.ok && first.value.state).toBe('paying');
    expect(await sandboxPayments(`refund-${id}`)).toHaveLength(1);
    // The inbox keeps it, for a team-lead to retry the payout.
    const stillThere = (await get('/api/staff/Money/Approvals', second.cookie)).json();
    expect(stillThere.object.proposals).toContainEqual(
      expect.objectContaining({ proposalId: id, state: 'paying' }),
    );
    // Posted once, on approval: the credit is gone.
    expect((await positionNow(loan.applicationId)).creditPence).toBe(0);

    // Approved again (a retry, then another team-lead): paid, and still one payment at the bank.
    const retried = await call('Approve', lead.cookie, { proposalId: id });
    expect(retried.object).toMatchObject({ state: 'paid', checkerId: lead.member.id });
    expect(retried.object.payoutPaymentId).toBeTruthy();
    const again = await call('Approve', second.cookie, { proposalId: id });
    expect(again.object).toMatchObject({ state: 'paid', checkerId: lead.member.id });
    expect(await sandboxPayments(`refund-${id}`)).toEqual([
      { idempotency_key: `refund-${id}`, amount_pence: 5_000 },
    ]);
    const book = await bookOf(loan.applicationId);
    expect(book.rows.filter((r) => r.type === 'refund')).toHaveLength(1);
    expect(positionOf(book.terms, book.rows)).toMatchObject({ creditPence: 0, totalDuePence: 0 });

    // The staff loan record and the customer's transactions reconcile with the ledger.
    const record = (await get(`/api/staff/Customers/Loan?loanId=${loan.applicationId}`, agent.cookie)).json();
    expect(record.object.balancePence).toBe(0);
    expect(record.object.ledger.at(-1)).toMatchObject({
      kind: 'refund',
      amountPence: 5_000,
      balanceAfterPence: 0,
    });

    const audit = await auditOf(loan.applicationId);
    expect(audit.map((a) => a.action)).toEqual([
      'money-proposed',
      'money-approved',
      'money-posted',
      'money-paid-out',
    ]);
    const posted = JSON.parse(audit[2]!.details!);
    expect(posted).toMatchObject({
      maker: `staff:${agent.member.id}`,
      checker: `staff:${lead.member.id}`,
      before: { creditPence: 5_000 },
      after: { creditPence: 0 },
    });
  });

  it('follows an approved refund whose payout was not confirmed: the sweep pays it once, then stops trying', async () => {
    const loan = await loanInCredit(3_000);
    const agent = await createStaffSession(t.ctx, 'agent');
    const lead = await createStaffSession(t.ctx, 'team-lead');
    const real = outsideServices(t.ctx, t.app).payoutProvider;
    const silent: PayoutProvider = {
      send: async () => ({ outcome: 'unavailable', reason: 'timed out' }),
      status: (paymentId) => real.status(paymentId),
    };
    const propose = async () =>
      (
        await call('ProposeRefund', agent.cookie, {
          loanId: loan.applicationId,
          amountPence: 1_000,
          reason: 'Overpaid',
        })
      ).object.proposalId;
    const approveSilently = (id: number) =>
      moneyProposals(t.ctx, silent).approve(id, { staffId: lead.member.id, address: '127.0.0.1' });

    // The provider never answered the approval's call: nobody retries by hand, the server's sweep does.
    const id = await propose();
    expect((await approveSilently(id)).ok).toBe(true);
    expect(await sandboxPayments(`refund-${id}`)).toHaveLength(0);
    await t.app.servicing.followRefunds();
    expect((await proposalsOf(loan.applicationId)).find((p) => p.id === id)).toMatchObject({ state: 'paid' });
    await t.app.servicing.followRefunds();
    expect(await sandboxPayments(`refund-${id}`)).toEqual([
      { idempotency_key: `refund-${id}`, amount_pence: 1_000 },
    ]);
    const paidOut = (await auditOf(loan.applicationId)).filter((a) => a.action === 'money-paid-out');
    expect(paidOut.map((a) => a.actor)).toEqual(['system:payouts']);

    // A provider that never answers: tried until REFUND_PAYOUT_TRIES, then left in the inbox for a person.
    const stuck = await propose();
    expect((await approveSilently(stuck)).ok).toBe(true);
    const sweeper = moneyProposals(t.ctx, silent);
    for (let i = 1; i < REFUND_PAYOUT_TRIES + 2; i++) await sweeper.followPayouts();
    const row = (await proposalsOf(loan.applicationId)).find((p) => p.id === stuck)!;
    expect(row).toMatchObject({ state: 'paying', payout_attempts: REFUND_PAYOUT_TRIES });
    expect(row.payout_error).toContain('did not answer');
    const inbox = (await get('/api/staff/Money/Approvals', lead.cookie)).json();
    expect(inbox.object.proposals).toContainEqual(
      expect.objectContaining({ proposalId: stuck, state: 'paying' }),
    );
  });

  it("refuses a team-lead's approval of their own proposal, and a rejection without a reason", async () => {
    const loan = await loanInCredit(2_000);
    const lead = await createStaffSession(t.ctx, 'team-lead');
    const other = await createStaffSession(t.ctx, 'team-lead');
    const made = await call('ProposeRefund', lead.cookie, {
      loanId: loan.applicationId,
      amountPence: 2_000,
      reason: 'Overpaid twice',
    });
    const id = made.object.proposalId;
    const own = await call('Approve', lead.cookie, { proposalId: id });
    expect(own.error).toEqual({
      errorID: ErrorId.conflict,
      errorMessage: 'You proposed this: another team-lead must decide it.',
    });
    const ownReject = await call('Reject', lead.cookie, { proposalId: id, reason: 'Changed my mind' });
    expect(ownReject.error.errorID).toBe(ErrorId.conflict);

    const noReason = await post('Reject', other.cookie, { proposalId: id, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().object.fields).toMatchObject({ reason: Msg.moneyRejectReason });
    expect((await proposalsOf(loan.applicationId))[0]).toMatchObject({
      state: 'proposed',
      checker_staff_id: null,
    });

    const rejected = await call('Reject', other.cookie, {
      proposalId: id,
      reason: 'The customer asked to keep it',
    });
    expect(rejected.object).toMatchObject({
      state: 'rejected',
      rejectionReason: 'The customer asked to keep it',
    });
    // Rejected: nothing posted, and it cannot be approved after.
    const late = await call('Approve', other.cookie, { proposalId: id });
    expect(late.error.errorID).toBe(ErrorId.conflict);
    expect((await positionNow(loan.applicationId)).creditPence).toBe(2_000);
    const audit = await auditOf(loan.applicationId);
    expect(audit.map((a) => a.action)).toEqual(['money-proposed', 'money-rejected']);
    expect(JSON.parse(audit[1]!.details!)).toMatchObject({
      maker: `staff:${lead.member.id}`,
      checker: `staff:${other.member.id}`,
      reason: 'The customer asked to keep it',
    });
  });

  it('refunds part of a payment taken in error: the rest stays a payment of its day', async () => {
    const loan = await activeLoan(t);
    const today = t.ctx.businessDate.today();
    await loanRepository(t.ctx.db).post([
      {
        applicationId: loan.applicationId,
        type: 'card-payment',
        amountPence: 3_000,
        onDate: today,
        reference: `test-pay:${loan.applicationId}`,
      },
    ]);
    const paid = (await bookOf(loan.applicationId)).rows.find((r) => r.type === 'card-payment')!;
    const before = await positionNow(loan.applicationId);
    const agent = await createStaffSession(t.ctx, 'agent');
    const lead = await createStaffSession(t.ctx, 'team-lead');
    const tooMuch = await call('ProposeRefund', agent.cookie, {
      loanId: loan.applicationId,
      amountPence: 3_001,
      paymentId: paid.id,
      reason: 'Taken twice',
    });
    expect(tooMuch.error.errorMessage).toBe(
      'The refund of £30.01 is more than the payment it reverses (£30.00).',
    );
    const notAPayment = await call('ProposeRefund', agent.cookie, {
      loanId: loan.applicationId,
      amountPence: 100,
      paymentId: paid.id - 1,
      reason: 'Taken twice',
    });
    expect(notAPayment.error.errorMessage).toBe(
      `Payment ${paid.id - 1} is not a payment on this loan that stands.`,
    );
    const made = await call('ProposeRefund', agent.cookie, {
      loanId: loan.applicationId,
      amountPence: 1_000,
      paymentId: paid.id,
      reason: 'Taken twice',
    });
    const twice = await call('ProposeRefund', agent.cookie, {
      loanId: loan.applicationId,
      amountPence: 1_000,
      paymentId: paid.id,
      reason: 'Taken twice',
    });
    expect(twice.error.errorMessage).toBe(`Payment ${paid.id} already has a refund proposed or made.`);
    const approved = await call('Approve', lead.cookie, { proposalId: made.object.proposalId });
    expect(approved.object.state).toBe('paid');
    const after = await positionNow(loan.applicationId);
    expect(after.paidPence).toBe(before.paidPence - 1_000);
    expect(after.totalDuePence).toBe(before.totalDuePence + 1_000);
    expect(await sandboxPayments(`refund-${made.object.proposalId}`)).toHaveLength(1);
  });

  it('refunds a payment of an ended loan only out of its credit: the loan is not opened again', async () => {
    const loan = await loanInCredit(500);
    await t.ctx.db
      .updateTable('loans')
      .set({ settled_on: t.ctx.businessDate.today() })
      .where('application_id', '=', loan.applicationId)
      .execute();
    const paid = (await bookOf(loan.applicationId)).rows.find((r) => r.type === 'card-payment')!;
    const agent = await createStaffSession(t.ctx, 'agent');
    const body = { loanId: loan.applicationId, paymentId: paid.id, reason: 'Taken in error' };
    const over = await call('ProposeRefund', agent.cookie, { ...body, amountPence: 501 });
    expect(over.error.errorMessage).toBe(
      'This loan has ended: a refund of it may be no more than its credit balance (£5.00).',
    );
    expect((await call('ProposeRefund', agent.cookie, { ...body, amountPence: 500 })).error.errorID).toBe(0);
  });

  it('refuses a bad amount and reason with our words, changing nothing', async () => {
    const agent = await createStaffSession(t.ctx, 'agent');
    const count = (await t.ctx.db.selectFrom('money_proposals').select('id').execute()).length;
    for (const body of [
      { loanId: 1, amountPence: 0, reason: 'Overpaid' },
      { loanId: 1, amountPence: 1.5, reason: 'Overpaid' },
      { loanId: 1, amountPence: 100, reason: 'no' },
    ]) {
      const res = await post('ProposeRefund', agent.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(Object.values(res.json().object.fields)[0]).toMatch(/^Please (enter an amount|give the reason)/);
    }
    expect((await t.ctx.db.selectFrom('money_proposals').select('id').execute()).length).toBe(count);
  });
});
