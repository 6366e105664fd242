import type { Config } from '../../config';
import type { Db, DbExecutor } from '../../db/create-db';
import { plusSeconds } from '../clock';
import { signHs256 } from '../hs256-jwt';
import { decrypt, encrypt, randomToken, sha256 } from '../secrets';
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

/**
 * A refresh token presented again within this many seconds of its swap gets the same new pair instead
 * of ending the session: two tabs, or a retry after a lost answer (identity providers' reuse interval).
 * Later, a second use still means a copy is in someone else's hands.
 */
export const REFRESH_REUSE_WINDOW_SECONDS = 10;

/** How long a password sign-in (or a confirmation of the password) lets a session change contact details. */
export const PASSWORD_PROOF_SECONDS = 5 * 60;
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
  const remember = (familyId: number, live: boolean, checkedAt = now()) => {
    liveness.delete(familyId);
    if (liveness.size >= LIVENESS_KEPT) liveness.delete(liveness.keys().next().value!);
    liveness.set(familyId, { live, checkedAt });
  };
  /**
   * The reads of a family's liveness in flight: the requests that find it unknown at the same moment
   * share one. Without this, a client's parallel calls each read it, and under load every request that
   * arrived while the first read waited for a connection read it again: 58% of the borrow pages'
   * requests did in the bench, when the families' times ran out together (bench/README.md).
   */
  const reading = new Map<number, Promise<boolean>>();
  /** Counts the revocations made in this process: a read that began before one must not be remembered. */
  let revocations = 0;
  const revoked = () => {
    revocations++;
    reading.clear();
  };
  const ended = (familyId: number) => {
    remember(familyId, false);
    revoked();
  };

  function readLiveness(familyId: number): Promise<boolean> {
    const asked = revocations;
    // Trusted from when it was asked, not answered: what it says may be that old.
    const askedAt = now();
    const read = sessionRepository(db)
      .familyIsLive(familyId)
      .then((live) => {
        // A family ended while this read was on its way may have been read open: answer the callers who
        // asked before, but keep what the revocation said.
        if (revocations === asked) remember(familyId, live, askedAt);
        return live;
      })
      .finally(() => {
        if (reading.get(familyId) === read) reading.delete(familyId);
      });
    reading.set(familyId, read);
    return read;
  }

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
    /**
     * A new session family and its first tokens; `executor` may be the transaction that created the
     * customer. `passwordProved`: a login or a completed reset, which lets the session change contact
     * details for a few minutes (PASSWORD_PROOF_SECONDS); stage 1's session proved nothing.
     */
    async issue(
      customerId: number,
      executor: DbExecutor = db,
      { passwordProved = false }: { passwordProved?: boolean } = {},
    ): Promise<TokenPair> {
      const passwordAt = passwordProved ? new Date(now()).toISOString() : null;
      const familyId = await sessionRepository(executor).createFamily(customerId, passwordAt);
      return addRefreshToken(executor, customerId, familyId);
    },

    /** Whether the session proved the password within PASSWORD_PROOF_SECONDS (a refresh keeps it). */
    async passwordIsFresh(familyId: number): Promise<boolean> {
      const at = await sessionRepository(db).passwordAt(familyId);
      return at !== null && Date.parse(at) > now() - PASSWORD_PROOF_SECONDS * 1000;
    },

    /** The customer gave their password again in this session (Account/ConfirmPassword). */
    recordPasswordProof: (familyId: number) =>
      sessionRepository(db).setPasswordAt(familyId, new Date(now()).toISOString()),

    /**
     * Swaps a refresh token for a new pair; null when it is unknown, expired or ended. A token swapped
     * already gives the same pair again within REFRESH_REUSE_WINDOW_SECONDS of its swap, and after that
     * ends its whole family (`reusedIn`, which the caller records as a security event).
     */
    async refresh(refreshToken: string): Promise<{ tokens: TokenPair } | { reusedIn: number } | null> {
      type Outcome = { tokens: TokenPair } | { reusedIn: number } | null;
      const tokenHash = sha256(refreshToken);
      const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
        const repo = sessionRepository(trx);
        const row = await repo.findRefreshToken(tokenHash);
        if (!row || row.familyId === null || row.familyRevokedAt !== null) return null;
        const at = new Date(now()).toISOString();
        if (row.expiresAt <= at) return null;
        // Claimed before the new token is made: of two requests with the same token only one swaps it.
        if (row.usedAt === null && (await repo.markUsed(row.id))) {
          const tokens = await addRefreshToken(trx, row.customerId, row.familyId);
          await repo.keepSuccessor(row.id, encrypt(JSON.stringify(tokens), config.DATA_KEY));
          const windowStart = new Date(now() - REFRESH_REUSE_WINDOW_SECONDS * 1000).toISOString();
          await repo.dropSuccessors(row.familyId, windowStart);
          return { tokens };
        }
        // Swapped by another request: read again, as that swap may have committed only now.
        const swapped = await repo.findRefreshToken(tokenHash);
        const sinceSwap = swapped?.usedAt ? now() - Date.parse(swapped.usedAt) : Infinity;
        if (swapped?.successorSealed && sinceSwap <= REFRESH_REUSE_WINDOW_SECONDS * 1000) {
          return { tokens: JSON.parse(decrypt(swapped.successorSealed, config.DATA_KEY)) as TokenPair };
        }
        await repo.revokeFamily(row.familyId, 'reuse');
        return { reusedIn: row.familyId };
      });
      if (outcome && 'reusedIn' in outcome) ended(outcome.reusedIn);
      return outcome;
    },

    /** Ends the family of a refresh token (sign-out); an unknown token changes nothing. */
    async revoke(refreshToken: string, reason: RevokeReason = 'sign-out'): Promise<void> {
      const row = await sessionRepository(db).findRefreshToken(sha256(refreshToken));
      if (!row || row.familyId === null) return;
      await sessionRepository(db).revokeFamily(row.familyId, reason);
      ended(row.familyId);
    },

    async revokeFamily(familyId: number, reason: RevokeReason, executor: DbExecutor = db) {
      await sessionRepository(executor).revokeFamily(familyId, reason);
      ended(familyId);
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
      revoked();
    },

    /** Every open session (maintenance mode signs everyone out). */
    async revokeAll(reason: RevokeReason) {
      await sessionRepository(db).revokeAllFamilies(reason);
      liveness.clear();
      revoked();
    },

    knownLiveness,

    /**
     * Whether an access token's family is still open; read at most once per LIVENESS_TTL_MS, by one read
     * however many requests ask meanwhile.
     */
    isLive(familyId: number): Promise<boolean> {
      const known = knownLiveness(familyId);
      if (known !== undefined) return Promise.resolve(known);
      return reading.get(familyId) ?? readLiveness(familyId);
    },
  };
}
