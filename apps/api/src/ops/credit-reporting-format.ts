import { formatPence } from '@lender/contract/money';
import type { RejectedRecord, Sent } from '../entities/credit-reporting/credit-reporting-outbox';
import type { MonthlySnapshot } from '../features/credit-reporting/credit-reporting-staff';

/** `ops cra monthly`: what the file holds, where it went, and the agency's answer when it was sent. */
export function monthlyLines(snapshot: MonthlySnapshot, out: string): string[] {
  const lines = [
    `Wrote ${out}: ${snapshot.accounts.length} account(s) of ${snapshot.month}, balances on ` +
      `${snapshot.lastDay} totalling ${formatPence(snapshot.balancePence)}.`,
  ];
  const answer = snapshot.submitted;
  if (!answer) lines.push('Not sent (add --send to send it to the credit reference agency).');
  else if (answer.outcome === 'unavailable')
    lines.push(`Not sent: the agency is unavailable (${answer.reason}).`);
  else {
    lines.push(
      `Sent: receipt ${answer.receiptId}, ${answer.accepted} line(s) accepted, ${answer.rejected.length} rejected.`,
      ...answer.rejected.map((r) => `  ${r.eventId}: ${r.reason}`),
    );
  }
  return lines;
}

/** `ops cra rejections`: each record the agency refused, with its reason. */
export function rejectionLines(rejected: readonly RejectedRecord[]): string[] {
  return [
    `${rejected.length} record(s) rejected by the credit reference agency.`,
    ...rejected.map(
      (r) =>
        `${r.eventId}  ${r.accountReference}  ${r.event} on ${r.occurredOn}: ${r.reason}` +
        `${r.receiptId ? ` (receipt ${r.receiptId})` : ''}`,
    ),
  ];
}

/** `ops cra send`: what went, and what waits for the agency. */
export function sentLines(sent: Sent): string[] {
  return [
    `Sent ${sent.sent} record(s), ${sent.rejected} rejected; ${sent.pending} pending.`,
    ...(sent.unavailable
      ? [`The agency is unavailable (${sent.unavailable}): pending records wait for the next run.`]
      : []),
  ];
}
