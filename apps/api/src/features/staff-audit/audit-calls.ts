import { ok } from '@lender/contract/envelope';
import type { DbExecutor } from '../../db/create-db';
import { staffActor } from '../../entities/audit/actor';
import { auditRepository } from '../../entities/audit/audit-repository';
import { implementCall, type ImplementedCall } from '../../plugins/calls';
import { auditRead } from './audit-read';

/**
 * The audit for compliance (issue 48): Audit/Events answers the rows as JSON, Audit/Export the same
 * rows as a CSV file. An export is itself audited (who took a copy of what), as any record opened is.
 */
export function auditCalls(db: DbExecutor): ImplementedCall[] {
  const audit = auditRead(db);
  return [
    implementCall('auditEvents', async ({ query }) => ok(await audit.events(query))),
    implementCall('auditExport', async ({ query, principal, req, reply }) => {
      const { csv, capped } = await audit.csv(query);
      await auditRepository(db).record({
        actor: staffActor(principal.staffId),
        action: 'audit-exported',
        details: { filter: query, capped, address: req.ip },
      });
      const name = `audit-${query.from ?? 'start'}-to-${query.to ?? 'now'}.csv`;
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(csv);
      return reply as never;
    }),
  ];
}
