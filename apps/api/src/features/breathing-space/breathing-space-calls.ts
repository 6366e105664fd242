import { ErrorId } from '@lender/contract/error-ids';
import { fail, ok } from '@lender/contract/envelope';
import type { AppContext } from '../../app-context';
import { staffActor } from '../../entities/audit/actor';
import { auditRepository } from '../../entities/audit/audit-repository';
import { implementCall, type ImplementedCall } from '../../plugins/calls';
import { breathingSpaceService } from './breathing-space-service';

/**
 * The console's breathing space (issue 48 item 5): the staff service `ops breathing-space` uses, the
 * actor the staff member; each act is written to the staff audit with the address it came from.
 */
export function breathingSpaceCalls(ctx: AppContext): ImplementedCall[] {
  const spaces = breathingSpaceService(ctx);
  const audit = auditRepository(ctx.db);
  return [
    implementCall('loansStartBreathingSpace', async ({ body, principal, req }) => {
      const actor = staffActor(principal.staffId);
      const started = await spaces.start(body.applicationGuid, body.from, actor, body.kind);
      if (!started.ok) return fail(ErrorId.conflict, started.message);
      const s = started.value;
      const untilEnded = s.kind === 'mental-health-crisis';
      await audit.record({
        actor,
        action: 'breathing-space-started',
        subject: { type: 'loan', id: String(s.applicationId) },
        details: {
          address: req.ip,
          before: { inBreathingSpace: false },
          after: {
            inBreathingSpace: true,
            kind: s.kind,
            startedOn: s.startedOn,
            endsOn: untilEnded ? null : s.endsOn,
          },
          reversedPence: s.reversed.pence,
          withdrawnNoticeRemedyBy: s.withdrawnNoticeRemedyBy,
        },
      });
      return ok({
        applicationGuid: s.guid,
        kind: s.kind,
        startedOn: s.startedOn,
        endsOn: untilEnded ? null : s.endsOn,
        days: untilEnded ? null : s.days,
        reversed: s.reversed,
        withdrawnNoticeRemedyBy: s.withdrawnNoticeRemedyBy,
      });
    }),
    implementCall('loansEndBreathingSpace', async ({ body, principal, req }) => {
      const actor = staffActor(principal.staffId);
      const ended = await spaces.end(body.applicationGuid, actor);
      if (!ended.ok) return fail(ErrorId.conflict, ended.message);
      const e = ended.value;
      await audit.record({
        actor,
        action: 'breathing-space-ended',
        subject: { type: 'application', id: e.guid },
        details: {
          address: req.ip,
          before: { inBreathingSpace: true, startedOn: e.startedOn },
          after: { inBreathingSpace: false, lastDay: e.lastDay, resumesOn: e.resumesOn },
        },
      });
      return ok({
        applicationGuid: e.guid,
        lastDay: e.lastDay,
        startedOn: e.startedOn,
        resumesOn: e.resumesOn,
      });
    }),
  ];
}
