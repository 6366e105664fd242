import { ErrorId } from '@lender/contract/error-ids';
import { fail, ok } from '@lender/contract/envelope';
import type { AppContext } from '../../app-context';
import { staffActor } from '../../entities/audit/actor';
import { auditRepository } from '../../entities/audit/audit-repository';
import { implementCall, type ImplementedCall } from '../../plugins/calls';
import { partnerStaff } from './partner-staff';

/**
 * Lead partners on the operations page (issue 48 item 9, admin): the service `ops partner` uses, with
 * the signed-in member as the actor. A new key is in the answer of AddPartner only (the server keeps
 * its hash); the service audits the act and this adds the address and the before and after.
 */
export function partnerConsoleCalls(ctx: AppContext): ImplementedCall[] {
  const partners = partnerStaff(ctx);
  const audit = auditRepository(ctx.db);
  return [
    implementCall('operationsPartners', async () => {
      const listed = await partners.list();
      if (!listed.ok) return fail(ErrorId.conflict, listed.message);
      return ok({
        partners: listed.value.map((p) => ({
          name: p.name,
          tierName: p.tierName,
          keyHint: p.keyHint,
          createdAt: p.createdAt,
          createdBy: p.createdBy,
          revokedAt: p.revokedAt,
          revokedBy: p.revokedBy,
        })),
      });
    }),

    implementCall('operationsAddPartner', async ({ body, principal, req }) => {
      const actor = staffActor(principal.staffId);
      const added = await partners.add(body.name, body.tierName || null, actor);
      if (!added.ok) return fail(ErrorId.conflict, added.message);
      const { name, tierName, key, ratePercent, unknownTier } = added.value;
      await audit.record({
        actor,
        action: 'partner-added-from-console',
        subject: { type: 'partner', id: name },
        details: { address: req.ip, before: null, after: { name, tierName } },
      });
      return ok({ name, tierName, key, ratePercent, unknownTier });
    }),

    implementCall('operationsRevokePartner', async ({ body, principal, req }) => {
      const actor = staffActor(principal.staffId);
      const revoked = await partners.revoke(body.name, actor);
      if (!revoked.ok) return fail(ErrorId.notFound, revoked.message);
      if (!revoked.value.already) {
        await audit.record({
          actor,
          action: 'partner-revoked-from-console',
          subject: { type: 'partner', id: body.name },
          details: { address: req.ip, before: { revoked: false }, after: { revoked: true } },
        });
      }
      return ok({
        name: revoked.value.name,
        already: revoked.value.already,
        revokedAt: revoked.value.revokedAt,
      });
    }),
  ];
}
