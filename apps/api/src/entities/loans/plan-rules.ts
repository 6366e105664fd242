import { addDays, type IsoDate } from '@lender/contract/dates';
import { arrearsPence, instalmentStates, positionOf, type Position } from './ledger';
import type { LoanBook } from './loan-repository';

/** CONC 6.7.23R: a loan is refinanced at most twice. */
export const MAX_REFINANCES = 2;

/** What a new plan for the loan may be today (docs/decisions/025), for the page and for pricing it. */
export type PlanRules = {
  /** The business date the plan's dates count from (the browser's calendar may not be it). */
  today: IsoDate;
  /** The agreement's last payment date, which the page names. */
  signedLastDate: IsoDate;
  /**
   * The plan in force's instalments not yet paid in full, in order (issue 46): a new plan moving any
   * payment later than the one it replaces is a refinance (planKindOf).
   */
  dueDates: IsoDate[];
  refinancesLeft: number;
  /** In arrears: a plan is offered as forbearance, with no interest or fee while it is kept. */
  forbearance: boolean;
};

/** `position`: the book's after all its rows, when the caller has it already. */
export function planRules(
  book: LoanBook,
  today: IsoDate,
  position: Position = positionOf(book.terms, book.rows),
): PlanRules {
  const signed = book.schedule.filter((s) => s.version === 1);
  return {
    today,
    signedLastDate: signed[signed.length - 1]!.dueDate,
    dueDates: instalmentStates(book.terms, position)
      .filter((i) => i.duePence > 0)
      .map((i) => i.dueDate),
    refinancesLeft: Math.max(0, MAX_REFINANCES - book.plans.filter((p) => p.kind === 'refinance').length),
    forbearance: arrearsPence(book.terms, position, today) > 0,
  };
}

/**
 * Whether a plan agreed by staff to be paid by other means stands on `date` (issue 48 item 5,
 * docs/decisions/069-staff-plans-forbearance.md): it is the current schedule and none of its payments is
 * unpaid after its due date. While it stands the CPA charges nothing; a payment missed breaks it, and the
 * loan is back in the usual arrears handling, its CPA included.
 */
export function planWithoutCardStands(book: LoanBook, date: IsoDate): boolean {
  if (book.plans.at(-1)?.without_card !== 1) return false;
  const yesterday = addDays(date, -1);
  return arrearsPence(book.terms, positionOf(book.terms, book.rows, yesterday), yesterday) === 0;
}
