import type { DbExecutor } from '../../db/create-db';
import { nowIso } from '../clock';

export type SessionRepository = ReturnType<typeof sessionRepository>;

/** Session families and their refresh tokens (hashes only): functions of `db` or of one transaction. */
export const sessionRepository = (db: DbExecutor) => ({
  /** `passwordAt`: the sign-in proved the password (a login, a completed reset), then. */
  async createFamily(customerId: number, passwordAt: string | null = null): Promise<number> {
    const row = await db
      .insertInto('session_families')
      .values({
        customer_id: customerId,
        created_at: nowIso(),
        revoked_at: null,
        revoked_reason: null,
        password_at: passwordAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  },

  insertRefreshToken: (t: { customerId: number; familyId: number; tokenHash: string; expiresAt: string }) =>
    db
      .insertInto('refresh_tokens')
      .values({
        customer_id: t.customerId,
        family_id: t.familyId,
        token_hash: t.tokenHash,
        expires_at: t.expiresAt,
        used_at: null,
        revoked_at: null,
        created_at: nowIso(),
      })
      .execute(),

  findRefreshToken: (tokenHash: string) =>
    db
      .selectFrom('refresh_tokens')
      .leftJoin('session_families', 'session_families.id', 'refresh_tokens.family_id')
      .select([
        'refresh_tokens.id',
        'refresh_tokens.customer_id as customerId',
        'refresh_tokens.family_id as familyId',
        'refresh_tokens.expires_at as expiresAt',
        'refresh_tokens.used_at as usedAt',
        'refresh_tokens.successor_sealed as successorSealed',
        'session_families.revoked_at as familyRevokedAt',
      ])
      .where('refresh_tokens.token_hash', '=', tokenHash)
      .executeTakeFirst(),

  /** Claims the token for one swap: false when another request swapped it first. */
  async markUsed(id: number): Promise<boolean> {
    const result = await db
      .updateTable('refresh_tokens')
      .set({ used_at: nowIso() })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** The pair a swap made, sealed, kept on the token it replaced for a second swap within the window. */
  keepSuccessor: (id: number, sealed: string) =>
    db.updateTable('refresh_tokens').set({ successor_sealed: sealed }).where('id', '=', id).execute(),

  /** Sealed pairs of a family's tokens swapped before `before`: past the window they are of no use. */
  dropSuccessors: (familyId: number, before: string) =>
    db
      .updateTable('refresh_tokens')
      .set({ successor_sealed: null })
      .where('family_id', '=', familyId)
      .where('successor_sealed', 'is not', null)
      .where('used_at', '<', before)
      .execute(),

  async passwordAt(familyId: number): Promise<string | null> {
    const row = await db
      .selectFrom('session_families')
      .select('password_at')
      .where('id', '=', familyId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return row?.password_at ?? null;
  },

  setPasswordAt: (familyId: number, at: string) =>
    db.updateTable('session_families').set({ password_at: at }).where('id', '=', familyId).execute(),

  revokeFamily: (familyId: number, reason: string) =>
    db
      .updateTable('session_families')
      .set({ revoked_at: nowIso(), revoked_reason: reason })
      .where('id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute(),

  /** Every open session of a customer, but `keep` (the one that asked, after a password change). */
  async revokeCustomerFamilies(customerId: number, reason: string, keep: number | null = null) {
    let query = db
      .updateTable('session_families')
      .set({ revoked_at: nowIso(), revoked_reason: reason })
      .where('customer_id', '=', customerId)
      .where('revoked_at', 'is', null);
    if (keep !== null) query = query.where('id', '!=', keep);
    await query.execute();
  },

  revokeAllFamilies: (reason: string) =>
    db
      .updateTable('session_families')
      .set({ revoked_at: nowIso(), revoked_reason: reason })
      .where('revoked_at', 'is', null)
      .execute(),

  async familyIsLive(familyId: number): Promise<boolean> {
    const row = await db
      .selectFrom('session_families')
      .select('revoked_at')
      .where('id', '=', familyId)
      .executeTakeFirst();
    return row !== undefined && row.revoked_at === null;
  },
});
