import { daysBetween, type IsoDate } from '@lender/contract/dates';
import { arrearsPence, positionOf, type LedgerRow, type LoanTerms } from './ledger';

/**
 * The duty to give notices of sums in arrears (Consumer Credit Act 1974 s86B, docs/decisions/
 * 054-arrears-notices-default-sums-and-the-claim-pack.md) as pure rules. The duty starts when the s86B(1) trigger is met (the
 * first notice, s86B(2)(a)) and lasts, whatever the arrears do meanwhile, until the customer ceases to be
 * in arrears (s86B(3), (4)(a), (5)): no missed payment, no default sum and no interest on either still
 * owed. While it lasts a further notice is due at intervals of not more than six months (s86B(2)(b));
 * a gap bars enforcement and interest for its length (s86D). An 'episode' is one such duty.
 */

/**
 * Days between two notices of one episode. Six calendar months are never shorter than 181 days, so 168
 * days (24 weeks) keeps every repeat inside the six months with 13 days to spare for a close of business
 * that runs late or an e-mail delivered the next day.
 */
export const S86B_REPEAT_DAYS = 168;

/** The last notice of sums in arrears sent on the loan: its day, its episode and its number in it. */
export type LastArrearsNotice = { onDate: IsoDate; episode: string; round: number };

/** The notice to send today: which episode it belongs to and its number in it (0 for the first). */
export type ArrearsNoticeDue = { episode: string; round: number };

/**
 * Whether the customer ceased to be in arrears (s86B(5)) on a day after `after`, through `through`.
 * Arrears (instalments missed, default fees unpaid, interest on the balance once it is all due: the
 * ledger's `arrearsPence`) only fall on a day a ledger row is posted, so only those days are looked at.
 */
export function arrearsClearedBetween(
  terms: LoanTerms,
  rows: readonly LedgerRow[],
  after: IsoDate,
  through: IsoDate,
): IsoDate | null {
  const days = [...new Set(rows.map((r) => r.onDate))].filter((d) => d > after && d <= through).sort();
  return days.find((d) => arrearsPence(terms, positionOf(terms, rows, d), d) === 0) ?? null;
}

/**
 * The notice of sums in arrears due today, if any. An episode is open when a notice was sent, the
 * customer has owed arrears on every day since (`clearedSinceLast` false) and still does: its next
 * notice is due `repeatDays` after the last, whether or not the s86B(1) trigger still holds (a part
 * payment may bring arrears under two instalments without ending the duty). Otherwise a new episode
 * starts on the day the trigger is met, named by that day.
 */
export function arrearsNoticeDue(facts: {
  date: IsoDate;
  /** The s86B(1) conditions hold today (`s86bTrigger`). */
  triggered: boolean;
  /** Owed in arrears today, default sums included. */
  arrearsPence: number;
  last: LastArrearsNotice | null;
  /** The customer owed no arrears on some day after the last notice. */
  clearedSinceLast: boolean;
  repeatDays?: number;
}): ArrearsNoticeDue | null {
  const { date, last, repeatDays = S86B_REPEAT_DAYS } = facts;
  const open = last !== null && !facts.clearedSinceLast && facts.arrearsPence > 0;
  if (open) {
    if (daysBetween(last.onDate, date) < repeatDays) return null;
    return { episode: last.episode, round: last.round + 1 };
  }
  if (!facts.triggered) return null;
  // The same day's notice again (a close of business run twice) is the same notice.
  if (last && last.onDate === date) return null;
  return { episode: date, round: 0 };
}

/** A notice's reference: once per application, episode and round. */
export const arrearsNoticeReference = (applicationId: number, due: ArrearsNoticeDue) =>
  `s86b:${applicationId}:${due.episode}:${due.round}`;

/**
 * The last notice read back from its stored reference (`s86b:<app>:<episode>:<round>`); notices sent
 * before these rules have the same shape (their episode was the oldest unpaid due date).
 */
export function lastArrearsNotice(row: { on_date: IsoDate; reference: string } | undefined) {
  if (!row) return null;
  const [, , episode, round] = row.reference.split(':');
  return { onDate: row.on_date, episode: episode ?? row.on_date, round: Number(round ?? 0) || 0 };
}
