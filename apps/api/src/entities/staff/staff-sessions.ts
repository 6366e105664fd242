import { isStaffRole, type StaffRole } from '@lender/contract/staff-permissions';
import type { DbExecutor } from '../../db/create-db';
import { nowIso } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/secrets';

/** A staff session ends after this long without a call (a console left open on an unattended desk). */
export const STAFF_SESSION_IDLE_MS = 15 * 60 * 1000;
/**
 * ...and this long after it opened, however busy: a shift with its breaks (issue 48 says 10 hours, over
 * issue 44's 8: docs/decisions/060-staff-sign-in.md), then sign in again.
 */
export const STAFF_SESSION_ABSOLUTE_MS = 10 * 60 * 60 * 1000;
/**
 * last_seen_at is written at most this often: one write a minute per member rather than one per call.
 * The idle end may therefore come up to this much later than STAFF_SESSION_IDLE_MS.
 */
export const STAFF_SESSION_TOUCH_MS = 60 * 1000;

export type StaffMember = {
  id: number;
  username: string;
  /** The sign-in name (issue 48); null only for a member made before it (tests of issue 44). */
  email: string | null;
  displayName: string;
  role: StaffRole;
  disabledAt: string | null;
  createdAt: string;
};

/**
 * A new member: by `email` (issue 48's invitation; the username is the e-mail) or by a short `username`
 * (issue 44's tests, which sign in by no password).
 */
export type NewStaffMember = ({ email: string } | { username: string }) & {
  displayName: string;
  role: StaffRole;
};

/** An open session: the token goes to the member (as the `staff_session` cookie) and is never stored. */
export type OpenedStaffSession = { sessionId: number; token: string; expiresAt: string };

/** A live session and its member, as the principal plugin reads it on every staff call. */
export type LiveStaffSession = { sessionId: number; member: StaffMember };

const USERNAME = /^[a-z0-9][a-z0-9._-]{1,49}$/;
/** As the contract's emailPattern: one @, a dotted domain, no spaces; lower-cased before it is checked. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const EMAIL_RULE =
  'An e-mail address is needed, such as jane.doe@example.com (at most 254 characters).';

/**
 * Staff members and their sessions (issue 44): tests create them today; the console's sign-in (issue 48)
 * opens a session after the password and TOTP checks, which is why opening one checks neither.
 */
export function staffAccounts(db: DbExecutor) {
  const members = () =>
    db
      .selectFrom('staff_members')
      .select([
        'id',
        'username',
        'email',
        'display_name as displayName',
        'role',
        'disabled_at as disabledAt',
        'created_at as createdAt',
      ]);
  // Only rows whose role was checked (isStaffRole) come here.
  const asMember = (row: Omit<StaffMember, 'role'> & { role: string }): StaffMember => ({
    ...row,
    id: Number(row.id),
    role: row.role as StaffRole,
  });

  return {
    async createMember(m: NewStaffMember): Promise<StaffMember> {
      const email = 'email' in m ? m.email.trim().toLowerCase() : null;
      const username = email ?? ('username' in m ? m.username.trim().toLowerCase() : '');
      const displayName = m.displayName.trim();
      if (email !== null && (email.length > 254 || !EMAIL.test(email))) throw new Error(EMAIL_RULE);
      if (email === null && !USERNAME.test(username)) {
        throw new Error('A username is 2 to 50 letters, digits, dots, dashes or underscores.');
      }
      if (!displayName || displayName.length > 100) throw new Error('A display name is 1 to 100 characters.');
      if (!isStaffRole(m.role)) throw new Error(`Unknown staff role: ${String(m.role)}`);
      const row = await db
        .insertInto('staff_members')
        .values({
          username,
          email,
          display_name: displayName,
          role: m.role,
          disabled_at: null,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return asMember(await members().where('id', '=', Number(row.id)).executeTakeFirstOrThrow());
    },

    async findByEmail(email: string): Promise<StaffMember | null> {
      const row = await members().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
      return row && isStaffRole(row.role) ? asMember(row) : null;
    },

    async findById(staffId: number): Promise<StaffMember | null> {
      const row = await members().where('id', '=', staffId).executeTakeFirst();
      return row && isStaffRole(row.role) ? asMember(row) : null;
    },

    /**
     * A member's sessions still live now (not ended, before their absolute end, not idle too long),
     * newest first: what the operations page lists and may end (issue 48 item 9).
     */
    async liveSessions(staffId: number, now = new Date()) {
      const rows = await db
        .selectFrom('staff_sessions')
        .select(['id', 'staff_id', 'created_at', 'last_seen_at', 'expires_at'])
        .where('staff_id', '=', staffId)
        .where('ended_at', 'is', null)
        .where('expires_at', '>', nowIso(now))
        .where('last_seen_at', '>', new Date(now.getTime() - STAFF_SESSION_IDLE_MS).toISOString())
        .orderBy('id', 'desc')
        .execute();
      return rows.map((r) => ({
        sessionId: Number(r.id),
        staffId: Number(r.staff_id),
        createdAt: r.created_at,
        lastSeenAt: r.last_seen_at,
        expiresAt: r.expires_at,
      }));
    },

    /** The member a session belongs to, ended or not; null for an unknown session. */
    async sessionOwner(sessionId: number): Promise<{ staffId: number; endedAt: string | null } | null> {
      const row = await db
        .selectFrom('staff_sessions')
        .select(['staff_id', 'ended_at'])
        .where('id', '=', sessionId)
        .executeTakeFirst();
      return row ? { staffId: Number(row.staff_id), endedAt: row.ended_at } : null;
    },

    /** Every member, disabled ones too, oldest first (`ops staff list`). */
    list: async (): Promise<StaffMember[]> =>
      (await members().orderBy('id').execute()).filter((r) => isStaffRole(r.role)).map(asMember),

    /** Disables a member and ends every session of theirs at once; false when already disabled. */
    async disable(staffId: number, now = new Date()): Promise<boolean> {
      const changed = await db
        .updateTable('staff_members')
        .set({ disabled_at: nowIso(now) })
        .where('id', '=', staffId)
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      await db
        .updateTable('staff_sessions')
        .set({ ended_at: nowIso(now) })
        .where('staff_id', '=', staffId)
        .where('ended_at', 'is', null)
        .execute();
      return Number(changed.numUpdatedRows) > 0;
    },

    async setRole(staffId: number, role: StaffRole): Promise<void> {
      if (!isStaffRole(role)) throw new Error(`Unknown staff role: ${String(role)}`);
      await db.updateTable('staff_members').set({ role }).where('id', '=', staffId).execute();
    },

    async openSession(staffId: number, now = new Date()): Promise<OpenedStaffSession> {
      const token = randomToken();
      const expiresAt = new Date(now.getTime() + STAFF_SESSION_ABSOLUTE_MS).toISOString();
      const row = await db
        .insertInto('staff_sessions')
        .values({
          staff_id: staffId,
          token_hash: sha256(token),
          created_at: nowIso(now),
          last_seen_at: nowIso(now),
          expires_at: expiresAt,
          ended_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { sessionId: Number(row.id), token, expiresAt };
    },

    /** Signing out (and, later, a member disabled or a session ended by an admin). */
    async endSession(sessionId: number, now = new Date()): Promise<void> {
      await db
        .updateTable('staff_sessions')
        .set({ ended_at: nowIso(now) })
        .where('id', '=', sessionId)
        .where('ended_at', 'is', null)
        .execute();
    },

    /**
     * The live session of a token and its member, or null when the token is unknown, the session ended,
     * passed its absolute end or sat idle too long, or the member is disabled. Read on every staff call
     * (no cache): ending a session or disabling a member counts at once, on every server.
     */
    async findLive(token: string, now = new Date()): Promise<LiveStaffSession | null> {
      const row = await db
        .selectFrom('staff_sessions')
        .innerJoin('staff_members', 'staff_members.id', 'staff_sessions.staff_id')
        .select([
          'staff_sessions.id as sessionId',
          'staff_sessions.last_seen_at as lastSeenAt',
          'staff_sessions.expires_at as expiresAt',
          'staff_sessions.ended_at as endedAt',
          'staff_members.id',
          'staff_members.username',
          'staff_members.email',
          'staff_members.display_name as displayName',
          'staff_members.role',
          'staff_members.disabled_at as disabledAt',
          'staff_members.created_at as createdAt',
        ])
        .where('staff_sessions.token_hash', '=', sha256(token))
        .executeTakeFirst();
      // A role the code no longer knows grants nothing.
      if (!row || row.endedAt !== null || row.disabledAt !== null || !isStaffRole(row.role)) return null;
      const at = now.getTime();
      const lastSeen = Date.parse(row.lastSeenAt);
      if (at >= Date.parse(row.expiresAt) || at - lastSeen >= STAFF_SESSION_IDLE_MS) return null;
      const sessionId = Number(row.sessionId);
      if (at - lastSeen >= STAFF_SESSION_TOUCH_MS) {
        await db
          .updateTable('staff_sessions')
          .set({ last_seen_at: nowIso(now) })
          .where('id', '=', sessionId)
          .execute();
      }
      return {
        sessionId,
        member: asMember({
          id: row.id,
          username: row.username,
          email: row.email,
          displayName: row.displayName,
          role: row.role,
          disabledAt: row.disabledAt,
          createdAt: row.createdAt,
        }),
      };
    },
  };
}

export type StaffAccounts = ReturnType<typeof staffAccounts>;
