import { isStaffRole, STAFF_ROLES, type StaffRole } from '@lender/contract/staff-permissions';
import type { AppContext } from '../../app-context';
import type { DbExecutor } from '../../db/create-db';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Actor } from '../../entities/audit/actor';
import { auditRepository } from '../../entities/audit/audit-repository';
import { staffCredentials } from '../../entities/staff/staff-credentials';
import { EMAIL_RULE, staffAccounts, type StaffMember } from '../../entities/staff/staff-sessions';
import { nowIso } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/secrets';
import { staffDone as done, staffRefused as refused, type StaffResult } from '../../lib/staff-result';
import { invitationCodeHash, newInvitationCode } from './invitation-code';
import { staffInvitationEmail } from './staff-invitation-email';

/** An invitation link works this long, once. */
export const STAFF_INVITATION_HOURS = 24;

/**
 * An invitation made: `invitationCode` is the second proof (docs/decisions/071), in clear only here, for
 * the inviting admin to read once (`ops staff add` prints it; the operations page shows it once).
 */
export type StaffInvited = { member: StaffMember; expiresAt: string; invitationCode: string; by: Actor };
export type StaffListed = StaffMember & { enrolled: boolean };
export type StaffDisabled = { member: StaffMember; already: boolean; by: Actor };
export type StaffRoleChanged = { member: StaffMember; from: StaffRole; to: StaffRole; by: Actor };

const ROLE_RULE = `A role is one of ${STAFF_ROLES.join(', ')}.`;
const noMember = (email: string) => refused(`There is no member of staff with the e-mail ${email}.`);

/**
 * Staff accounts (issue 48; `npm run ops -- staff`, the console's admin later): invite a member (the
 * link goes by e-mail, through the outbox, and is kept as its hash; the invitation code goes to the
 * admin only, kept as its keyed hash), invite again one not yet enrolled, list them, disable one (their
 * sessions end at once), change a role. Each change is in the audit with who made it. Answers data; the
 * words of `ops` are in ops/staff-accounts-format.ts.
 */
export function staffAccountsStaff(ctx: Pick<AppContext, 'db' | 'config' | 'outbox'>) {
  const { db, config } = ctx;
  const accounts = staffAccounts(db);

  /**
   * A new invitation of `member` in the caller's transaction: the link's token and the code made at
   * random, kept as hashes, the link e-mailed through the outbox (the token as its secret; the code is
   * in no e-mail), the code answered for the admin.
   */
  const invitation = async (trx: DbExecutor, member: StaffMember, actor: Actor): Promise<StaffInvited> => {
    const token = randomToken();
    const tokenHash = sha256(token);
    const invitationCode = newInvitationCode();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + STAFF_INVITATION_HOURS * 3600 * 1000).toISOString();
    const link = new URL(`/staff/invite/${token}`, config.PUBLIC_URL).toString();
    await staffCredentials(trx).createInvitation(
      {
        staffId: member.id,
        tokenHash,
        codeHash: invitationCodeHash(invitationCode, tokenHash, config.DATA_KEY),
        createdBy: actor,
        expiresAt,
      },
      nowIso(now),
    );
    const message = staffInvitationEmail({
      displayName: member.displayName,
      role: member.role,
      link,
      hours: STAFF_INVITATION_HOURS,
    });
    await ctx.outbox.enqueue(trx, { channel: 'email', to: member.email!, ...message, secrets: [token] });
    return { member, expiresAt, invitationCode, by: actor };
  };

  return {
    async add(
      email: string,
      role: string,
      displayName: string | null,
      actor: Actor,
    ): Promise<StaffResult<StaffInvited>> {
      const address = email.trim().toLowerCase();
      if (!isStaffRole(role)) return refused(ROLE_RULE);
      // The name before the @ until the member's own is given (`--name`).
      const name = (displayName ?? address.split('@')[0] ?? '').trim();
      if (!name || name.length > 100) return refused('A display name is 1 to 100 characters.');
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(address) || address.length > 254) return refused(EMAIL_RULE);
      if (await accounts.findByEmail(address))
        return refused(`A member of staff with ${address} exists already.`);
      try {
        const invited = await db.transaction().execute(async (trx) => {
          const created = await staffAccounts(trx).createMember({ email: address, displayName: name, role });
          const made = await invitation(trx, created, actor);
          await auditRepository(trx).record({
            actor,
            action: 'staff-invited',
            subject: { type: 'staff', id: String(created.id) },
            details: { email: address, role, expiresAt: made.expiresAt },
          });
          return made;
        });
        return done(invited);
      } catch (err) {
        // Added by someone else between the look-up and the insert.
        if (isUniqueViolation(err)) return refused(`A member of staff with ${address} exists already.`);
        throw err;
      }
    },

    /**
     * A new invitation for a member who has not enrolled (the code or the link lost, the invitation void
     * or expired): the open one is withdrawn, a new link is e-mailed and a new code answered.
     */
    async reinvite(email: string, actor: Actor): Promise<StaffResult<StaffInvited>> {
      const member = await accounts.findByEmail(email);
      if (!member?.email) return noMember(email);
      if (member.disabledAt) return refused(`${member.email} is disabled: a disabled member is not invited.`);
      const enrolled = await db
        .selectFrom('staff_members')
        .select('enrolled_at')
        .where('id', '=', member.id)
        .executeTakeFirstOrThrow();
      if (enrolled.enrolled_at !== null) {
        return refused(
          `${member.email} has set up their account already: there is nothing to invite them to.`,
        );
      }
      return done(
        await db.transaction().execute(async (trx) => {
          await staffCredentials(trx).withdrawInvitations(member.id, nowIso());
          const made = await invitation(trx, member, actor);
          await auditRepository(trx).record({
            actor,
            action: 'staff-reinvited',
            subject: { type: 'staff', id: String(member.id) },
            details: { email: member.email, role: member.role, expiresAt: made.expiresAt },
          });
          return made;
        }),
      );
    },

    async list(): Promise<StaffResult<StaffListed[]>> {
      const enrolled = new Set(
        (
          await db.selectFrom('staff_members').select('id').where('enrolled_at', 'is not', null).execute()
        ).map((r) => Number(r.id)),
      );
      return done((await accounts.list()).map((m) => ({ ...m, enrolled: enrolled.has(m.id) })));
    },

    async disable(email: string, actor: Actor): Promise<StaffResult<StaffDisabled>> {
      const member = await accounts.findByEmail(email);
      if (!member) return noMember(email);
      const changed = await db.transaction().execute(async (trx) => {
        const disabled = await staffAccounts(trx).disable(member.id);
        // Their open invitation dies with them too.
        await staffCredentials(trx).withdrawInvitations(member.id, nowIso());
        if (disabled) {
          await auditRepository(trx).record({
            actor,
            action: 'staff-disabled',
            subject: { type: 'staff', id: String(member.id) },
            details: { email: member.email },
          });
        }
        return disabled;
      });
      return done({ member: (await accounts.findByEmail(email))!, already: !changed, by: actor });
    },

    async setRole(email: string, role: string, actor: Actor): Promise<StaffResult<StaffRoleChanged>> {
      if (!isStaffRole(role)) return refused(ROLE_RULE);
      const member = await accounts.findByEmail(email);
      if (!member) return noMember(email);
      if (member.role !== role) {
        await db.transaction().execute(async (trx) => {
          await staffAccounts(trx).setRole(member.id, role);
          await auditRepository(trx).record({
            actor,
            action: 'staff-role-changed',
            subject: { type: 'staff', id: String(member.id) },
            details: { before: member.role, after: role },
          });
        });
      }
      return done({ member: { ...member, role }, from: member.role, to: role, by: actor });
    },
  };
}
