import type { Config } from '../../config';
import type { Db, DbExecutor } from '../../db/create-db';
import { plusSeconds } from '../clock';
import { signHs256 } from '../hs256-jwt';
import { randomToken, sha256 } from '../secrets';
import { sessionRepository } from './session-repository';

export type TokenPair = { token: string; refreshToken: string };

/** Why a session family was ended; kept on the row for staff. */
export type RevokeReason =
  'sign-out' | 'reuse' | 'maintenance' | 'password-changed' | 'password-reset' | 'e-sign-hand-over';

/**
 * How long a process trusts what it last read about a session family. Revoking in this process takes
 * effect at once; another process (a second server) sees it within this time. An access token lives 15
 * minutes, so without the check a signed-out session would go on working for up to that long.
 */
export const LIVENESS_TTL_MS = 5_000;
const LIVENESS_KEPT = 10_000;

export type SessionStore = ReturnType<typeof createSessionStore>;

/**
 * Sessions (docs/decisions/017): each sign-in opens a family; its refresh tokens rotate on every swap
 * and are stored only as hashes; a refresh token presented after it was swapped means a copy is in
 * someone else's hands, so its whole family ends. Access tokens carry the family (`sid`) and are
 * refused once it has ended.
 */
export function createSessionStore(db: Db, config: Config, now: () => number = Date.now) {
  const liveness = new Map<number, { live: boolean; checkedAt: number }>();
  const remember = (familyId: number, live: boolean) => {
    liveness.delete(familyId);
    if (liveness.size >= LIVENESS_KEPT) liveness.delete(liveness.keys().next().value!);
    liveness.set(familyId, { live, checkedAt: now() });
  };

  /**
   * Whether an access token's family is open, as far as this process knows without a read: undefined
   * when it has not read it within LIVENESS_TTL_MS. An ended family stays ended.
   */
  const knownLiveness = (familyId: number): boolean | undefined => {
    const known = liveness.get(familyId);
    return known && (!known.live || now() - known.checkedAt < LIVENESS_TTL_MS) ? known.live : undefined;
  };

  async function addRefreshToken(
    executor: DbExecutor,
    customerId: number,
    familyId: number,
  ): Promise<TokenPair> {
    const iat = Math.floor(now() / 1000);
    const token = signHs256(
      {
        typ: 'access',
        sub: String(customerId),
        sid: familyId,
        iat,
        exp: iat + config.ACCESS_TOKEN_TTL_SECONDS,
      },
      config.JWT_SECRET,
    );
    const refreshToken = randomToken();
    await sessionRepository(executor).insertRefreshToken({
      customerId,
      familyId,
      tokenHash: sha256(refreshToken),
      expiresAt: plusSeconds(config.REFRESH_TOKEN_TTL_DAYS * 86_400, new Date(now())),
    });
    return { token, refreshToken };
  }

  return {
    /** A new session family and its first tokens; `executor` may be the transaction that created the customer. */
    async issue(customerId: number, executor: DbExecutor = db): Promise<TokenPair> {
      const familyId = await sessionRepository(executor).createFamily(customerId);
      return addRefreshToken(executor, customerId, familyId);
    },

    /** Swaps a refresh token for a new pair; null when it is unknown, expired, ended or already swapped. */
    async refresh(refreshToken: string): Promise<TokenPair | null> {
      type Outcome = { tokens: TokenPair } | { reusedIn: number } | null;
      const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
        const repo = sessionRepository(trx);
        const row = await repo.findRefreshToken(sha256(refreshToken));
        if (!row || row.familyId === null || row.familyRevokedAt !== null) return null;
        if (row.expiresAt <= new Date(now()).toISOString()) return null;
        // Claimed before the new token is made: of two requests with the same token only one swaps it.
        if (row.usedAt !== null || !(await repo.markUsed(row.id))) {
          await repo.revokeFamily(row.familyId, 'reuse');
          return { reusedIn: row.familyId };
        }
        return { tokens: await addRefreshToken(trx, row.customerId, row.familyId) };
      });
      if (outcome && 'reusedIn' in outcome) remember(outcome.reusedIn, false);
      return outcome && 'tokens' in outcome ? outcome.tokens : null;
    },

    /** Ends the family of a refresh token (sign-out); an unknown token changes nothing. */
    async revoke(refreshToken: string, reason: RevokeReason = 'sign-out'): Promise<void> {
      const row = await sessionRepository(db).findRefreshToken(sha256(refreshToken));
      if (!row || row.familyId === null) return;
      await sessionRepository(db).revokeFamily(row.familyId, reason);
      remember(row.familyId, false);
    },

    async revokeFamily(familyId: number, reason: RevokeReason, executor: DbExecutor = db) {
      await sessionRepository(executor).revokeFamily(familyId, reason);
      remember(familyId, false);
    },

    /** Every session of a customer but `keep` (say, the one that changed the password). */
    async revokeCustomer(
      customerId: number,
      reason: RevokeReason,
      keep: number | null = null,
      executor: DbExecutor = db,
    ) {
      await sessionRepository(executor).revokeCustomerFamilies(customerId, reason, keep);
      for (const [familyId] of liveness) if (familyId !== keep) liveness.delete(familyId);
    },

    /** Every open session (maintenance mode signs everyone out). */
    async revokeAll(reason: RevokeReason) {
      await sessionRepository(db).revokeAllFamilies(reason);
      liveness.clear();
    },

    knownLiveness,

    /** Whether an access token's family is still open; read at most once per LIVENESS_TTL_MS. */
    async isLive(familyId: number): Promise<boolean> {
      const known = knownLiveness(familyId);
      if (known !== undefined) return known;
      const live = await sessionRepository(db).familyIsLive(familyId);
      remember(familyId, live);
      return live;
    },
  };
}
