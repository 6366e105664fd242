import type { Insertable, Selectable } from 'kysely';
import type { DbExecutor } from '../../db/create-db';
import type { LoanPaymentState, LoanPaymentTable } from './loan-tables';
import { nowIso } from '../../lib/clock';

export type Payment = Selectable<LoanPaymentTable>;

/** How long a card payment counts as in flight: a provider's answer takes seconds, never this long. */
export const PAYMENT_IN_FLIGHT_MS = 15 * 60 * 1000;

/** States whose answer is final: the same key answers it again. */
export const isAnswered = (p: Pick<Payment, 'state'>) => p.state === 'approved' || p.state === 'declined';

/** The customer's card payments, each under its idempotency key (docs/decisions/025). */
export function paymentRepository(db: DbExecutor) {
  return {
    byKey: (customerId: number, key: string) =>
      db
        .selectFrom('loan_payments')
        .selectAll()
        .where('customer_id', '=', customerId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst(),

    /** The payment being charged on a loan, if any (at most one: a unique index). */
    charging: (applicationId: number) =>
      db
        .selectFrom('loan_payments')
        .selectAll()
        .where('application_id', '=', applicationId)
        .where('state', '=', 'charging')
        .executeTakeFirst(),

    /**
     * Of these loans, those with a payment being charged since `since`: the close of business leaves
     * them for the day. One left charging longer (its provider never answered) does not hold the loan.
     */
    async chargingAmong(applicationIds: readonly number[], since: string): Promise<Set<number>> {
      if (applicationIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('loan_payments')
        .select('application_id')
        .where('application_id', 'in', applicationIds)
        .where('state', '=', 'charging')
        .where('created_at', '>=', since)
        .execute();
      return new Set(rows.map((r) => r.application_id));
    },

    /** Throws a unique violation when the key is taken, or (state charging) the loan has one charging. */
    insert: (row: Omit<Insertable<LoanPaymentTable>, 'created_at'>) =>
      db
        .insertInto('loan_payments')
        .values({ ...row, created_at: nowIso() })
        .returningAll()
        .executeTakeFirstOrThrow(),

    /** Withdraws a payment that was never charged (its amount no longer allowed): the key may be used again. */
    remove: (id: number, state: LoanPaymentState) =>
      db.deleteFrom('loan_payments').where('id', '=', id).where('state', '=', state).execute(),

    /** Moves a payment on from the state it was read in; false when another request moved it first. */
    async move(
      id: number,
      from: LoanPaymentState,
      change: Partial<Pick<Payment, 'state' | 'z2' | 'z3' | 'charge_id' | 'token_sealed' | 'card_last4'>>,
    ): Promise<boolean> {
      const answered = change.state === 'approved' || change.state === 'declined';
      const result = await db
        .updateTable('loan_payments')
        .set({ ...change, ...(answered ? { answered_at: nowIso() } : {}) })
        .where('id', '=', id)
        .where('state', '=', from)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type PaymentRepository = ReturnType<typeof paymentRepository>;
