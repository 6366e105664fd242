import type { Insertable, Selectable } from 'kysely';
import type { SandboxChargeTable, SandboxDb } from './tables';

export type SandboxCharge = Selectable<SandboxChargeTable>;

export const findCharge = (db: SandboxDb, merchantId: string, reference: string) =>
  db
    .selectFrom('card_sandbox_charges')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('reference', '=', reference)
    .executeTakeFirst();

/**
 * Records a charge, or gives back the one made first under the same reference (an earlier call, or a
 * concurrent one): one statement when the reference is new, as it is for nearly every charge.
 */
export async function insertChargeOnce(
  db: SandboxDb,
  row: Insertable<SandboxChargeTable>,
): Promise<SandboxCharge> {
  const inserted = await db
    .insertInto('card_sandbox_charges')
    .values(row)
    .onConflict((oc) => oc.columns(['merchant_id', 'reference']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return inserted;
  const first = await findCharge(db, row.merchant_id, row.reference);
  if (!first) throw new Error(`The charge ${row.reference} conflicts with one that cannot be read.`);
  return first;
}
