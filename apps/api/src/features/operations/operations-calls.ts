import { ErrorId } from '@lender/contract/error-ids';
import { fail, ok } from '@lender/contract/envelope';
import type { AppContext } from '../../app-context';
import { staffActor } from '../../entities/audit/actor';
import { auditRepository } from '../../entities/audit/audit-repository';
import { systemStaff } from '../../lib/system-staff';
import { implementCall, type ImplementedCall } from '../../plugins/calls';
import { operationsOverview } from './operations-overview';

/**
 * The operations page's platform calls (issue 48 item 9, admin): the overview, the business date and
 * the maintenance switch, through the staff services `ops business-date` and `ops maintenance` use (the
 * rules, such as no business date set in production, are theirs). The service writes its audit row;
 * each call adds one with the address the act came from and the before and after.
 */
export function operationsCalls(ctx: AppContext): ImplementedCall[] {
  const system = systemStaff(ctx);
  const overview = operationsOverview(ctx);
  const audit = auditRepository(ctx.db);
  return [
    implementCall('operationsOverview', async () => ok(await overview())),

    implementCall('operationsSetBusinessDate', async ({ body, principal, req }) => {
      const actor = staffActor(principal.staffId);
      const before = await system.businessDate();
      const set = await system.setBusinessDate(body.date, actor);
      if (!set.ok) return fail(ErrorId.conflict, set.message);
      await audit.record({
        actor,
        action: 'business-date-set-from-console',
        details: {
          address: req.ip,
          before: { businessDate: before },
          after: { businessDate: set.value.date },
        },
      });
      return ok({ businessDate: set.value.date });
    }),

    implementCall('operationsSetMaintenance', async ({ body, principal, req }) => {
      const actor = staffActor(principal.staffId);
      const before = await system.maintenanceIsOn();
      const set = await system.setMaintenance(body.on, actor);
      if (!set.ok) return fail(ErrorId.conflict, set.message);
      await audit.record({
        actor,
        action: 'maintenance-set-from-console',
        details: { address: req.ip, before: { maintenance: before }, after: { maintenance: set.value.on } },
      });
      return ok({ maintenance: set.value.on });
    }),
  ];
}
