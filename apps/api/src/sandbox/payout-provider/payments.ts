import type { Insertable, Selectable } from 'kysely';
import { isUniqueViolation } from '../../db/unique-violation';
import type { PayoutSandboxDb, PayoutSandboxPaymentTable } from './tables';

export type SandboxPayment = Selectable<PayoutSandboxPaymentTable>;

export const findPaymentByKey = (db: PayoutSandboxDb, idempotencyKey: string) =>
  db
    .selectFrom('payout_sandbox_payments')
    .selectAll()
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();

export const findPayment = (db: PayoutSandboxDb, paymentId: string) =>
  db.selectFrom('payout_sandbox_payments').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();

/** Records a payment, or gives back the one a concurrent request made first under the same key. */
export async function insertPaymentOnce(
  db: PayoutSandboxDb,
  row: Insertable<PayoutSandboxPaymentTable>,
): Promise<SandboxPayment> {
  try {
    return await db
      .insertInto('payout_sandbox_payments')
      .values(row)
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const first = await findPaymentByKey(db, row.idempotency_key);
    if (!first) throw err;
    return first;
  }
}
