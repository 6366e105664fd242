import type { AuditEvent } from '../entities/audit/audit-repository';
import type { DayClosed } from '../features/close-of-business/close-of-business';
import type { CloseRun } from '../features/close-of-business/close-of-business-staff';
import type { DecidedByHand, Waiting } from '../features/underwriting/underwriting-staff';

/** `ops underwriting list`: each waiting application, where it stands, and who moved it there. */
export const waitingLines = (waiting: readonly Waiting[]) => [
  `${waiting.length} application(s) waiting for a decision.`,
  ...waiting.map(
    (a) =>
      `${a.guid}  ${a.referred ? 'referred to a person' : 'waiting for the rules'}  ${a.email}` +
      (a.lastDecision ? `  (${a.lastDecision.kind} by ${a.lastDecision.actor})` : ''),
  ),
];

export const underwritingDecidedLines = (d: DecidedByHand) => [
  `${d.guid} ${d.outcome === 'approve' ? 'approved: the payout is on its way' : 'declined: the customer is told why by e-mail'}.`,
];

/** `ops close-of-business`: a line per day, or why there was nothing to close. */
/** What the day's close shared with the credit reference agency (issue 47). */
const sharedLine = (s: NonNullable<DayClosed['shared']>) =>
  `Credit reference: ${s.stored} new loan event(s); ${s.sent} sent, ${s.rejected} rejected, ${s.pending} pending` +
  (s.unavailable ? ` (not sent: ${s.unavailable}; the next run sends them).` : '.');

export function closeRunLines(run: CloseRun): string[] {
  if (run.days.length === 0) {
    return [
      run.lastClosed
        ? `Nothing to close: every day through ${run.lastClosed} is closed.`
        : 'Nothing to close: no loan has been paid out yet.',
    ];
  }
  return run.days.map((d) =>
    d.skipped
      ? `${d.date}: already closed.`
      : `${d.date}: closed ${d.loans} loan(s); ${d.collected} instalment(s) collected, ${d.declined} declined.` +
        (d.shared ? ` ${sharedLine(d.shared)}` : ''),
  );
}

/** `ops audit`: one line per staff action, newest first. */
export const auditLines = (events: readonly AuditEvent[], since: Date) => [
  `${events.length} staff action(s) since ${since.toISOString()}:`,
  ...events.map(
    (e) =>
      `${e.at}  ${e.actor}  ${e.action}` +
      (e.subjectType ? `  ${e.subjectType} ${e.subjectId}` : '') +
      (e.details ? `  ${JSON.stringify(e.details)}` : ''),
  ),
];
