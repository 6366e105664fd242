import { formatPence } from '@lender/contract/money';
import type {
  BreathingSpaceEnded,
  BreathingSpaceStarted,
} from '../features/breathing-space/breathing-space-service';

/** `ops breathing-space <guid> start`: what was recorded, what stops, what was taken back. */
export function breathingSpaceStartedLines(s: BreathingSpaceStarted): string[] {
  return [
    `Breathing Space recorded for ${s.guid} (loan ${s.applicationId}): ${s.startedOn} to ${s.endsOn} (${s.days} days).`,
    'Until it ends the close of business adds no interest or fee, takes no CPA collection and sends no arrears or default notice.',
    ...(s.reversed.pence > 0
      ? [
          `Reversed ${s.reversed.count} interest or fee posting(s) since ${s.reversed.since}: ${formatPence(s.reversed.pence)}.`,
        ]
      : []),
    ...(s.withdrawnNoticeRemedyBy
      ? [`Withdrew the default notice whose remedy date was ${s.withdrawnNoticeRemedyBy}.`]
      : []),
    `Recorded by ${s.by}.`,
  ];
}

/** `ops breathing-space <guid> end`. */
export function breathingSpaceEndedLines(e: BreathingSpaceEnded): string[] {
  return [
    `Breathing Space for ${e.guid} ended: its last day is ${e.lastDay} (it began on ${e.startedOn}).`,
    `From ${e.resumesOn} the close of business applies interest, fees, collections and notices again.`,
    `Ended by ${e.by}.`,
  ];
}
