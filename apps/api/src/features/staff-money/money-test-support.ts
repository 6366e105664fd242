import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { positionOf } from '../../entities/loans/ledger';
import { loanRepository } from '../../entities/loans/loan-repository';
import { activeLoan } from '../../test/live-loan';
import { staffInject } from '../../test/staff';
import type { TestApp } from '../../test/test-app';

type Answer = {
  error: { errorID: number; errorMessage: string };
  object: {
    proposalId: number;
    state: string;
    makerId: number;
    checkerId: number | null;
    rejectionReason: string | null;
    payoutPaymentId: string | null;
  } & Record<string, unknown>;
};

/**
 * What the tests of the Money calls share: the calls as the console makes them, the loan's book and
 * position, its proposals and audit, the sandbox's payouts, and a loan in credit. Takes the app through a
 * getter because a test file makes its app in `beforeAll`, after these are bound.
 */
export function moneyTest(app: () => TestApp) {
  const post = async (action: string, cookie: string, body: unknown) =>
    app().app.inject({
      method: 'POST',
      url: `/api/staff/Money/${action}`,
      headers: { cookie },
      payload: body as object,
    });
  const call = async (action: string, cookie: string, body: unknown): Promise<Answer> => {
    const res = await post(action, cookie, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Answer;
  };
  const { get } = staffInject(app);

  const bookOf = async (loanId: number) => (await loanRepository(app().ctx.db).books([loanId])).get(loanId)!;
  const positionNow = async (loanId: number) => {
    const book = await bookOf(loanId);
    return positionOf(book.terms, book.rows);
  };
  const proposalsOf = (loanId: number) =>
    app().ctx.db.selectFrom('money_proposals').selectAll().where('application_id', '=', loanId).execute();
  const auditOf = (loanId: number) =>
    app()
      .ctx.db.selectFrom('audit_events')
      .select(['actor', 'action', 'details'])
      .where('subject_type', '=', 'loan')
      .where('subject_id', '=', String(loanId))
      .where('action', 'like', 'money-%')
      .orderBy('id')
      .execute();
  /** The sandbox provider's payments under a key (its own table, beside ours). */
  const sandboxPayments = (key: string) =>
    (
      app().ctx.db as unknown as Kysely<{
        payout_sandbox_payments: { idempotency_key: string; amount_pence: number };
      }>
    )
      .selectFrom('payout_sandbox_payments')
      .select(['idempotency_key', 'amount_pence'])
      .where('idempotency_key', '=', key)
      .execute();

  /** A paid-out loan overpaid by `credit` pence: a card payment of everything owed and more, on its ledger. */
  async function loanInCredit(credit: number) {
    const t = app();
    const loan = await activeLoan(t);
    const p = await positionNow(loan.applicationId);
    await loanRepository(t.ctx.db).post([
      {
        applicationId: loan.applicationId,
        type: 'card-payment',
        amountPence: p.totalDuePence + credit,
        onDate: t.ctx.businessDate.today(),
        reference: `test-overpaid:${loan.applicationId}`,
      },
    ]);
    return loan;
  }

  return { post, call, get, bookOf, positionNow, proposalsOf, auditOf, sandboxPayments, loanInCredit };
}
