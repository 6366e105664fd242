import { sql } from 'kysely';
import type { DbExecutor } from '../../db/create-db';

/** What a staff sign-in reads of a member: never sent anywhere, and the secret stays sealed here. */
export type StaffSignInRecord = {
  id: number;
  email: string;
  disabledAt: string | null;
  passwordHash: string | null;
  totpSecretSealed: string | null;
  lastTotpStep: number | null;
  lockedUntil: string | null;
};

/** A live invitation and the member it enrols. */
export type StaffInvitationRecord = {
  id: number;
  staffId: number;
  email: string;
  displayName: string;
  role: string;
  pendingSecretSealed: string | null;
  expiresAt: string;
  /** The invitation code's keyed hash (null: made before the code, never opens). */
  codeHash: string | null;
  codeFailures: number;
  /** Set when 5 wrong codes made it void. */
  voidedAt: string | null;
};

/**
 * The sign-in side of staff members (issue 48): password hash, sealed TOTP secret, the replay guard, the
 * failure count and lock, recovery codes (hashes), and invitations (token and code hashes, the count of
 * wrong codes). Whatever needs to be atomic under racing requests is one conditional UPDATE here.
 */
export function staffCredentials(db: DbExecutor) {
  return {
    async forSignIn(email: string): Promise<StaffSignInRecord | null> {
      const row = await db
        .selectFrom('staff_members')
        .select([
          'id',
          'email',
          'disabled_at as disabledAt',
          'password_hash as passwordHash',
          'totp_secret_sealed as totpSecretSealed',
          'last_totp_step as lastTotpStep',
          'locked_until as lockedUntil',
        ])
        .where('email', '=', email.trim().toLowerCase())
        .executeTakeFirst();
      if (!row || row.email === null) return null;
      return {
        ...row,
        id: Number(row.id),
        email: row.email,
        lastTotpStep: row.lastTotpStep === null ? null : Number(row.lastTotpStep),
      };
    },

    /**
     * Counts a sign-in try before its password is checked, and answers the count in the window, this try
     * included: racing guesses each see the others, so they cannot pass the limit together. A window
     * older than `windowStart` starts again at 1.
     */
    async claimAttempt(staffId: number, windowStart: string, now: string): Promise<number> {
      const fresh = sql<boolean>`failed_since is null or failed_since <= ${windowStart}`;
      const row = await db
        .updateTable('staff_members')
        .set({
          failed_count: sql<number>`case when ${fresh} then 1 else coalesce(failed_count, 0) + 1 end`,
          failed_since: sql<string>`case when ${fresh} then ${now} else failed_since end`,
        })
        .where('id', '=', staffId)
        .returning('failed_count')
        .executeTakeFirstOrThrow();
      return Number(row.failed_count);
    },

    /** A sign-in, or a lock: the count starts again (a lock also sets its end). */
    async clearFailures(staffId: number, lockedUntil: string | null = null): Promise<void> {
      await db
        .updateTable('staff_members')
        .set({ failed_count: 0, failed_since: null, locked_until: lockedUntil })
        .where('id', '=', staffId)
        .execute();
    },

    /**
     * Records `step` as the last accepted TOTP step, only if it is later than the stored one: false when
     * another request accepted this step (or a later one) first, so a code never signs in twice.
     */
    async acceptStep(staffId: number, step: number): Promise<boolean> {
      const result = await db
        .updateTable('staff_members')
        .set({ last_totp_step: step })
        .where('id', '=', staffId)
        .where((eb) => eb.or([eb('last_totp_step', 'is', null), eb('last_totp_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Uses up a recovery code by its hash: false when it is not the member's or was used already. */
    async useRecoveryCode(staffId: number, codeHash: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('staff_recovery_codes')
        .set({ used_at: now })
        .where('staff_id', '=', staffId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Enrolment: the password, the secret, the step its first code used, and new recovery codes. */
    async enrol(
      staffId: number,
      e: { passwordHash: string; totpSecretSealed: string; step: number; recoveryCodeHashes: string[] },
      now: string,
    ): Promise<void> {
      await db
        .updateTable('staff_members')
        .set({
          password_hash: e.passwordHash,
          totp_secret_sealed: e.totpSecretSealed,
          last_totp_step: e.step,
          enrolled_at: now,
          failed_count: 0,
          failed_since: null,
          locked_until: null,
        })
        .where('id', '=', staffId)
        .execute();
      await db.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
      await db
        .insertInto('staff_recovery_codes')
        .values(
          e.recoveryCodeHashes.map((code_hash) => ({
            staff_id: staffId,
            code_hash,
            created_at: now,
            used_at: null,
          })),
        )
        .execute();
    },

    async createInvitation(
      i: { staffId: number; tokenHash: string; codeHash: string; createdBy: string; expiresAt: string },
      now: string,
    ): Promise<void> {
      await db
        .insertInto('staff_invitations')
        .values({
          staff_id: i.staffId,
          token_hash: i.tokenHash,
          code_hash: i.codeHash,
          pending_totp_secret_sealed: null,
          created_by: i.createdBy,
          created_at: now,
          expires_at: i.expiresAt,
          used_at: null,
        })
        .execute();
    },

    /**
     * The invitation of a token hash while it is unused, unexpired and its member not disabled; a void
     * one too (`voidedAt` says so), so the invitee is told why it no longer opens.
     */
    async liveInvitation(tokenHash: string, now: string): Promise<StaffInvitationRecord | null> {
      const row = await db
        .selectFrom('staff_invitations')
        .innerJoin('staff_members', 'staff_members.id', 'staff_invitations.staff_id')
        .select([
          'staff_invitations.id',
          'staff_invitations.staff_id as staffId',
          'staff_invitations.pending_totp_secret_sealed as pendingSecretSealed',
          'staff_invitations.expires_at as expiresAt',
          'staff_invitations.code_hash as codeHash',
          'staff_invitations.code_failures as codeFailures',
          'staff_invitations.voided_at as voidedAt',
          'staff_members.email',
          'staff_members.display_name as displayName',
          'staff_members.role',
        ])
        .where('staff_invitations.token_hash', '=', tokenHash)
        .where('staff_invitations.used_at', 'is', null)
        .where('staff_invitations.expires_at', '>', now)
        .where('staff_members.disabled_at', 'is', null)
        .executeTakeFirst();
      if (!row || row.email === null) return null;
      return {
        ...row,
        id: Number(row.id),
        staffId: Number(row.staffId),
        email: row.email,
        codeFailures: Number(row.codeFailures),
      };
    },

    /**
     * Claims one invitation-code try before the code is compared, and answers the failures counted
     * with it (this try included), or null when the invitation is used, void, or at its limit: racing
     * guesses each see the others, so no more than `limit` are ever compared. A right code gives its
     * claim back (`giveBackCodeTry`); only wrong ones stay counted.
     */
    async claimCodeTry(invitationId: number, limit: number): Promise<number | null> {
      const row = await db
        .updateTable('staff_invitations')
        .set({ code_failures: sql<number>`code_failures + 1` })
        .where('id', '=', invitationId)
        .where('used_at', 'is', null)
        .where('voided_at', 'is', null)
        .where('code_failures', '<', limit)
        .returning('code_failures')
        .executeTakeFirst();
      return row ? Number(row.code_failures) : null;
    },

    async giveBackCodeTry(invitationId: number): Promise<void> {
      await db
        .updateTable('staff_invitations')
        .set({ code_failures: sql<number>`code_failures - 1` })
        .where('id', '=', invitationId)
        .where('code_failures', '>', 0)
        .execute();
    },

    /** The last wrong code: the invitation is void from now; false when it was already. */
    async voidInvitation(invitationId: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable('staff_invitations')
        .set({ voided_at: now })
        .where('id', '=', invitationId)
        .where('voided_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Keeps the secret the invitation page showed first: a second opening (a reload, a racing request)
     * keeps the first one, and the caller reads it again.
     */
    async keepPendingSecret(invitationId: number, sealed: string): Promise<void> {
      await db
        .updateTable('staff_invitations')
        .set({ pending_totp_secret_sealed: sealed })
        .where('id', '=', invitationId)
        .where('pending_totp_secret_sealed', 'is', null)
        .execute();
    },

    async pendingSecret(invitationId: number): Promise<string | null> {
      const row = await db
        .selectFrom('staff_invitations')
        .select('pending_totp_secret_sealed')
        .where('id', '=', invitationId)
        .executeTakeFirst();
      return row?.pending_totp_secret_sealed ?? null;
    },

    /** Uses the invitation up: false when another request used it first, or wrong codes voided it. */
    async claimInvitation(invitationId: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable('staff_invitations')
        .set({ used_at: now })
        .where('id', '=', invitationId)
        .where('used_at', 'is', null)
        .where('voided_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A new invitation replaces the member's open ones (a re-invite after a lost link). */
    async withdrawInvitations(staffId: number, now: string): Promise<void> {
      await db
        .updateTable('staff_invitations')
        .set({ used_at: now })
        .where('staff_id', '=', staffId)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}
