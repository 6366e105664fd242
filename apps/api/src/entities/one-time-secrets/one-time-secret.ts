import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DbExecutor } from '../../db/create-db';
import { nowIso, plusSeconds } from '../../lib/clock';

/**
 * The tables of one-time secrets: password links, e-mail change links, e-sign codes and links. Only a
 * secret's hash is stored; each row lives the same life, written once here and kept per table: made with
 * an expiry, usable while neither used nor expired, claimed by one request only (a conditional update,
 * so two racing requests cannot both use it), retired when a newer one replaces it.
 */
export type SecretTable = 'one_time_tokens' | 'email_changes' | 'esign_codes';

/**
 * The columns a new secret row starts with: made now, usable for `ttlSeconds`. Both instants come from
 * one clock reading, so a secret lives exactly its time.
 */
export function freshSecret(ttlSeconds: number) {
  const now = new Date();
  return { expires_at: plusSeconds(ttlSeconds, now), used_at: null, created_at: nowIso(now) };
}

/** A where-clause for a secret table's rows still usable now: not used, not expired (single-table queries). */
export const isLive = (now = nowIso()) => sql<SqlBool>`used_at is null and expires_at > ${now}`;

/**
 * Claims a secret for its one use; false when another request used it first, or (`whileLive`, the
 * default) when it has just expired. An e-sign SMS code is checked for expiry before it is compared, so it
 * is marked used without the second check.
 */
export async function claimSecret(
  db: DbExecutor,
  table: SecretTable,
  id: number,
  { whileLive = true }: { whileLive?: boolean } = {},
): Promise<boolean> {
  const now = nowIso();
  let update = db.updateTable(table).set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null);
  if (whileLive) update = update.where('expires_at', '>', now);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends every unused secret of a customer (a newer one replaces it); `only` narrows which of them. */
export function retireSecrets(
  db: DbExecutor,
  table: Exclude<SecretTable, 'esign_codes'>,
  customerId: number,
  only: RawBuilder<SqlBool> = sql<SqlBool>`true`,
) {
  return db
    .updateTable(table)
    .set({ used_at: nowIso() })
    .where('customer_id', '=', customerId)
    .where('used_at', 'is', null)
    .where(only)
    .execute();
}
