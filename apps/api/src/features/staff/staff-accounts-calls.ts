import { ErrorId } from '@lender/contract/error-ids';
import { fail, ok } from '@lender/contract/envelope';
import type { AppContext } from '../../app-context';
import { staffActor } from '../../entities/audit/actor';
import { auditRepository } from '../../entities/audit/audit-repository';
import { staffAccounts } from '../../entities/staff/staff-sessions';
import { implementCall, type ImplementedCall } from '../../plugins/calls';
import { staffAccountsStaff } from './staff-accounts-staff';

const unknownMember = () => fail(ErrorId.notFound, 'There is no such member of staff.');

/**
 * The staff accounts of the operations page (issue 48 item 9, admin): the service `ops staff` uses,
 * with the signed-in member as the actor. The service writes its own audit row; each call adds one
 * with the address the act came from and the before and after. An admin neither disables nor changes
 * the role of their own account: another admin does, so nobody locks the console out by a slip.
 */
export function staffAccountsCalls(ctx: AppContext): ImplementedCall[] {
  const service = staffAccountsStaff(ctx);
  const accounts = staffAccounts(ctx.db);
  const audit = auditRepository(ctx.db);

  /** The member behind an id, by the e-mail the service keys on; null for none (or one made before e-mails). */
  const memberWithEmail = async (staffId: number) => {
    const member = await accounts.findById(staffId);
    return member?.email ? { ...member, email: member.email } : null;
  };

  return [
    implementCall('operationsStaff', async () => {
      const listed = await service.list();
      if (!listed.ok) return fail(ErrorId.conflict, listed.message);
      const members = await Promise.all(
        listed.value.map(async (m) => ({
          staffId: m.id,
          email: m.email ?? m.username,
          displayName: m.displayName,
          role: m.role,
          enrolled: m.enrolled,
          disabled: m.disabledAt !== null,
          liveSessions: m.disabledAt === null ? (await accounts.liveSessions(m.id)).length : 0,
        })),
      );
      return ok({ members });
    }),

    implementCall('operationsInviteStaff', async ({ body, principal, req }) => {
      const actor = staffActor(principal.staffId);
      const invited = await service.add(body.email, body.role, body.displayName, actor);
      if (!invited.ok) return fail(ErrorId.conflict, invited.message);
      const { member, expiresAt, invitationCode } = invited.value;
      await audit.record({
        actor,
        action: 'staff-invited-from-console',
        subject: { type: 'staff', id: String(member.id) },
        details: { address: req.ip, before: null, after: { email: member.email, role: member.role } },
      });
      // The code is answered this once, for the admin to give by phone or in person (decision 071).
      return ok({
        staffId: member.id,
        email: member.email ?? body.email,
        role: member.role,
        expiresAt,
        invitationCode,
      });
    }),

    implementCall('operationsReinviteStaff', async ({ body, principal, req }) => {
      const member = await memberWithEmail(body.staffId);
      if (!member) return unknownMember();
      const actor = staffActor(principal.staffId);
      const invited = await service.reinvite(member.email, actor);
      if (!invited.ok) return fail(ErrorId.conflict, invited.message);
      const { expiresAt, invitationCode } = invited.value;
      await audit.record({
        actor,
        action: 'staff-reinvited-from-console',
        subject: { type: 'staff', id: String(member.id) },
        details: { address: req.ip, before: null, after: { expiresAt } },
      });
      return ok({ staffId: member.id, email: member.email, role: member.role, expiresAt, invitationCode });
    }),

    implementCall('operationsDisableStaff', async ({ body, principal, req }) => {
      if (body.staffId === principal.staffId) {
        return fail(ErrorId.conflict, 'You cannot disable your own account: another admin can.');
      }
      const member = await memberWithEmail(body.staffId);
      if (!member) return unknownMember();
      const sessions = (await accounts.liveSessions(member.id)).length;
      const actor = staffActor(principal.staffId);
      const disabled = await service.disable(member.email, actor);
      if (!disabled.ok) return fail(ErrorId.conflict, disabled.message);
      if (!disabled.value.already) {
        await audit.record({
          actor,
          action: 'staff-disabled-from-console',
          subject: { type: 'staff', id: String(member.id) },
          details: {
            address: req.ip,
            before: { disabled: false, liveSessions: sessions },
            after: { disabled: true, liveSessions: 0 },
          },
        });
      }
      return ok({
        staffId: member.id,
        already: disabled.value.already,
        sessionsEnded: disabled.value.already ? 0 : sessions,
      });
    }),

    implementCall('operationsSetStaffRole', async ({ body, principal, req }) => {
      if (body.staffId === principal.staffId) {
        return fail(ErrorId.conflict, 'You cannot change your own role: another admin can.');
      }
      const member = await memberWithEmail(body.staffId);
      if (!member) return unknownMember();
      const actor = staffActor(principal.staffId);
      const changed = await service.setRole(member.email, body.role, actor);
      if (!changed.ok) return fail(ErrorId.conflict, changed.message);
      const { from, to } = changed.value;
      if (from !== to) {
        await audit.record({
          actor,
          action: 'staff-role-changed-from-console',
          subject: { type: 'staff', id: String(member.id) },
          details: { address: req.ip, before: { role: from }, after: { role: to } },
        });
      }
      return ok({ staffId: member.id, from, to });
    }),

    implementCall('operationsStaffSessions', async ({ query }) => {
      const member = await accounts.findById(query.staffId);
      if (!member) return unknownMember();
      const sessions = await accounts.liveSessions(member.id);
      return ok({
        staffId: member.id,
        sessions: sessions.map(({ sessionId, createdAt, lastSeenAt, expiresAt }) => ({
          sessionId,
          createdAt,
          lastSeenAt,
          expiresAt,
        })),
      });
    }),

    implementCall('operationsEndSession', async ({ body, principal, req }) => {
      const owner = await accounts.sessionOwner(body.sessionId);
      if (!owner) return fail(ErrorId.notFound, 'There is no such session.');
      if (owner.endedAt === null) {
        await accounts.endSession(body.sessionId);
        await audit.record({
          actor: staffActor(principal.staffId),
          action: 'staff-session-ended',
          subject: { type: 'staff', id: String(owner.staffId) },
          details: {
            address: req.ip,
            sessionId: body.sessionId,
            before: { ended: false },
            after: { ended: true },
          },
        });
      }
      return ok({ sessionId: body.sessionId, staffId: owner.staffId });
    }),
  ];
}
