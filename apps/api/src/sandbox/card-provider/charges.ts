import type { Insertable, Selectable } from 'kysely';
import { isUniqueViolation } from '../../db/unique-violation';
import type { SandboxChargeTable, SandboxDb } from './tables';

export type SandboxCharge = Selectable<SandboxChargeTable>;

export const findCharge = (db: SandboxDb, merchantId: string, reference: string) =>
  db
    .selectFrom('card_sandbox_charges')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('reference', '=', reference)
    .executeTakeFirst();

/** Records a charge, or gives back the one a concurrent request made first under the same reference. */
export async function insertChargeOnce(
  db: SandboxDb,
  row: Insertable<SandboxChargeTable>,
): Promise<SandboxCharge> {
  try {
    return await db.insertInto('card_sandbox_charges').values(row).returningAll().executeTakeFirstOrThrow();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const first = await findCharge(db, row.merchant_id, row.reference);
    if (!first) throw err;
    return first;
  }
}
