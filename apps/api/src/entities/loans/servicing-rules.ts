import { addDays, daysBetween, type IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import { DEFAULT_FEE_MAX_PENCE } from '@lender/contract/pricing/pricing';
import { costCapPence, instalmentStates, paidUnderSchedule, type LoanTerms, type Position } from './ledger';

/**
 * The rules a closed day applies to a loan, as pure functions of its terms, ledger position and
 * collection attempts (docs/decisions/022 and 023): which instalment to collect, whether a default fee
 * is due, when the arrears notices are. The close of business carries them out.
 */

export type AttemptOutcome = 'pending' | 'approved' | 'declined' | 'unavailable';
export type Attempt = {
  seq: number;
  attempt: number;
  onDate: IsoDate;
  outcome: AttemptOutcome;
  /** When it was made (an ISO timestamp): attempts before a new card renewed the CPA do not count. */
  createdAt?: string;
};

/** The attempts made under the current authority: since a new card renewed it, if one did. */
export const sinceRenewal = <T extends { createdAt?: string }>(
  attempts: readonly T[],
  renewedAt: string | null,
) => (renewedAt ? attempts.filter((a) => (a.createdAt ?? '') >= renewedAt) : attempts);

/** CONC 7.6.14: at most two unsuccessful attempts to collect an instalment under the CPA. */
export const MAX_FAILED_ATTEMPTS = 2;

export type Collection = { seq: number; attempt: number; amountPence: Pence };

/**
 * The one collection to make today, if any: the oldest instalment due and unpaid, for what is left of it
 * (never less than that: CONC 7.6.13 forbids part payments by CPA). The first attempt on its due date
 * (or the first closed day after it), the second only on a later day than the first and only after it
 * was declined. An attempt the provider never answered ('pending', 'unavailable') is not the customer's
 * failure and is not replaced: it is asked again under its own key until it is answered. Failed attempts
 * count from `renewedAt`, when a new card renewed the authority (docs/decisions/025).
 */
export function collectionDue(
  terms: LoanTerms,
  position: Position,
  attempts: readonly Attempt[],
  date: IsoDate,
  renewedAt: string | null = null,
): Collection | null {
  const unpaid = instalmentStates(terms, position).find((i) => i.dueDate <= date && i.duePence > 0);
  if (!unpaid) return null;
  const mine = attempts.filter((a) => a.seq === unpaid.seq);
  // An attempt not yet answered is asked again under its own key (the close of business does), never
  // replaced by a new one: a provider that took the money but lost its answer must not be charged twice.
  if (mine.some((a) => a.outcome !== 'declined')) return null;
  if (attemptsExhausted(sinceRenewal(mine, renewedAt), unpaid.seq)) return null;
  const last = mine.reduce<Attempt | null>((a, b) => (!a || b.attempt > a.attempt ? b : a), null);
  if (last && last.onDate >= date) return null;
  return { seq: unpaid.seq, attempt: (last?.attempt ?? 0) + 1, amountPence: unpaid.duePence };
}

/** Whether this instalment has had every failed attempt the rules allow. */
export const attemptsExhausted = (attempts: readonly Attempt[], seq: number) =>
  attempts.filter((a) => a.seq === seq && a.outcome === 'declined').length >= MAX_FAILED_ATTEMPTS;

/** The earliest due date still unpaid on `date`, or null when nothing is overdue. */
export function oldestUnpaidDueDate(terms: LoanTerms, position: Position, date: IsoDate): IsoDate | null {
  const unpaid = instalmentStates(terms, position).find((i) => i.dueDate <= date && i.duePence > 0);
  return unpaid?.dueDate ?? null;
}

/**
 * The default fee to charge today, or 0: once per agreement (CONC 5A.2.3: at most £15), when an
 * instalment has been overdue `afterDays` days, and only within the total cost cap after the interest the
 * schedule itself charges, so the fee never takes the room the contract's interest needs.
 */
export function defaultFeeDue(
  terms: LoanTerms,
  position: Position,
  date: IsoDate,
  options: { afterDays: number; scheduledInterestPence: Pence },
): Pence {
  if (position.feesChargedPence > 0) return 0;
  const oldest = oldestUnpaidDueDate(terms, position, date);
  if (!oldest || daysBetween(oldest, date) < options.afterDays) return 0;
  const interest = Math.max(options.scheduledInterestPence, position.interestChargedPence);
  return Math.max(
    0,
    Math.min(DEFAULT_FEE_MAX_PENCE, costCapPence(terms) - interest - position.feesChargedPence),
  );
}

/**
 * Consumer Credit Act s86B(1) for fixed-sum credit: at least two payments have fallen due, the sum paid
 * is short of the sum due, and the shortfall is at least the last two payments due (the last four where
 * payments fall a week or less apart). A one-instalment loan never meets it. Returns the due date of the
 * oldest unpaid instalment (the episode the notice is about), or null.
 */
export function s86bTrigger(terms: LoanTerms, position: Position, date: IsoDate): IsoDate | null {
  const due = terms.instalments.filter((i) => i.dueDate <= date);
  if (due.length < 2) return null;
  const weekly =
    terms.instalments.length > 1 &&
    daysBetween(terms.instalments[0]!.dueDate, terms.instalments[1]!.dueDate) <= 7;
  const lastCount = weekly ? 4 : 2;
  if (due.length < lastCount) return null;
  const required = due.reduce((sum, i) => sum + i.paymentPence, 0);
  const shortfall = Math.min(required - paidUnderSchedule(terms, position), position.totalDuePence);
  const lastPayments = due.slice(-lastCount).reduce((sum, i) => sum + i.paymentPence, 0);
  if (shortfall <= 0 || shortfall < lastPayments) return null;
  return oldestUnpaidDueDate(terms, position, date);
}

export type DefaultSettings = { noticeAfterDays: number; remedyDays: number };

/** s87/s88: the day a default notice is due (arrears unpaid `noticeAfterDays` days), or null. */
export function defaultNoticeDue(
  terms: LoanTerms,
  position: Position,
  date: IsoDate,
  settings: DefaultSettings,
): { remedyBy: IsoDate } | null {
  const oldest = oldestUnpaidDueDate(terms, position, date);
  if (!oldest || daysBetween(oldest, date) < settings.noticeAfterDays) return null;
  return { remedyBy: addDays(date, settings.remedyDays) };
}
