import { isStaffRole, STAFF_ROLES, type StaffRole } from '@lender/contract/staff-permissions';
import type { AppContext } from '../../app-context';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Actor } from '../../entities/audit/actor';
import { auditRepository } from '../../entities/audit/audit-repository';
import { staffCredentials } from '../../entities/staff/staff-credentials';
import { EMAIL_RULE, staffAccounts, type StaffMember } from '../../entities/staff/staff-sessions';
import { nowIso } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/secrets';
import { staffDone as done, staffRefused as refused, type StaffResult } from '../../lib/staff-result';
import { staffInvitationEmail } from './staff-invitation-email';

/** An invitation link works this long, once. */
export const STAFF_INVITATION_HOURS = 24;

export type StaffInvited = { member: StaffMember; expiresAt: string; by: Actor };
export type StaffListed = StaffMember & { enrolled: boolean };
export type StaffDisabled = { member: StaffMember; already: boolean; by: Actor };
export type StaffRoleChanged = { member: StaffMember; from: StaffRole; to: StaffRole; by: Actor };

const ROLE_RULE = `A role is one of ${STAFF_ROLES.join(', ')}.`;
const noMember = (email: string) => refused(`There is no member of staff with the e-mail ${email}.`);

/**
 * Staff accounts (issue 48; `npm run ops -- staff`, the console's admin later): invite a member (the
 * link goes by e-mail, through the outbox, and is kept as its hash), list them, disable one (their
 * sessions end at once), change a role. Each change is in the audit with who made it. Answers data; the
 * words of `ops` are in ops/staff-accounts-format.ts.
 */
export function staffAccountsStaff(ctx: Pick<AppContext, 'db' | 'config' | 'outbox'>) {
  const { db, config } = ctx;
  const accounts = staffAccounts(db);

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
      const token = randomToken();
      const now = new Date();
      const expiresAt = new Date(now.getTime() + STAFF_INVITATION_HOURS * 3600 * 1000).toISOString();
      const link = new URL(`/staff/invite/${token}`, config.PUBLIC_URL).toString();
      try {
        const member = await db.transaction().execute(async (trx) => {
          const created = await staffAccounts(trx).createMember({ email: address, displayName: name, role });
          await staffCredentials(trx).createInvitation(
            { staffId: created.id, tokenHash: sha256(token), createdBy: actor, expiresAt },
            nowIso(now),
          );
          await auditRepository(trx).record({
            actor,
            action: 'staff-invited',
            subject: { type: 'staff', id: String(created.id) },
            details: { email: address, role, expiresAt },
          });
          const message = staffInvitationEmail({
            displayName: name,
            role,
            link,
            hours: STAFF_INVITATION_HOURS,
          });
          await ctx.outbox.enqueue(trx, { channel: 'email', to: address, ...message, secrets: [token] });
          return created;
        });
        return done({ member, expiresAt, by: actor });
      } catch (err) {
        // Added by someone else between the look-up and the insert.
        if (isUniqueViolation(err)) return refused(`A member of staff with ${address} exists already.`);
        throw err;
      }
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
