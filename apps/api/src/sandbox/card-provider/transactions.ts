import type { Insertable, Selectable } from 'kysely';
import { nowIso } from '../../lib/clock';
import type { ChallengeState, SandboxDb, SandboxTransactionTable } from './tables';

export type SandboxTransaction = Selectable<SandboxTransactionTable>;

export async function insertTransaction(db: SandboxDb, row: Insertable<SandboxTransactionTable>) {
  await db.insertInto('card_sandbox_transactions').values(row).execute();
}

/**
 * A transaction whose key is still good, or undefined. `keyHash` and `merchantId` narrow it to the one
 * a confirm names: another merchant's, or one named with the wrong key, is not found.
 */
export async function findLiveTransaction(
  db: SandboxDb,
  where: { trxId: string; keyHash?: string; merchantId?: string },
): Promise<SandboxTransaction | undefined> {
  let q = db
    .selectFrom('card_sandbox_transactions')
    .selectAll()
    .where('trx_id', '=', where.trxId)
    .where('expires_at', '>', nowIso());
  if (where.keyHash !== undefined) q = q.where('key_hash', '=', where.keyHash);
  if (where.merchantId !== undefined) q = q.where('merchant_id', '=', where.merchantId);
  return q.executeTakeFirst();
}

/** The first fingerprint counts; a page posting it again changes nothing. */
export async function recordFingerprint(db: SandboxDb, trxId: string) {
  await db
    .updateTable('card_sandbox_transactions')
    .set({ fingerprinted_at: nowIso() })
    .where('trx_id', '=', trxId)
    .where('fingerprinted_at', 'is', null)
    .execute();
}

/** Opens the bank's challenge once; the return URL is the one the first confirm gave. */
export async function openChallenge(db: SandboxDb, trxId: string, returnUrl: string) {
  await db
    .updateTable('card_sandbox_transactions')
    .set({ challenge: 'pending', return_url: returnUrl })
    .where('trx_id', '=', trxId)
    .where('challenge', 'is', null)
    .execute();
}

/** Records the applicant's answer to an open challenge; a second answer (a double click) is ignored. */
export async function answerChallenge(
  db: SandboxDb,
  trxId: string,
  state: Exclude<ChallengeState, 'pending'>,
) {
  await db
    .updateTable('card_sandbox_transactions')
    .set({ challenge: state })
    .where('trx_id', '=', trxId)
    .where('challenge', '=', 'pending')
    .execute();
}

export async function recordApproval(db: SandboxDb, trxId: string, tokenHash: string) {
  await db
    .updateTable('card_sandbox_transactions')
    .set({ token_hash: tokenHash })
    .where('trx_id', '=', trxId)
    .execute();
}
