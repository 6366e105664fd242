import { addDays, daysBetween, type IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import { instalmentStates, positionOf, type Position } from '../../entities/loans/ledger';
import { settlementOn } from '../../entities/loans/early-settlement';
import { currentVersion, type LoanBook } from '../../entities/loans/loan-repository';

/**
 * What the customer reads of a loan, all derived from its ledger (docs/decisions/022): the figures of
 * the borrowing summary, the schedule with what is paid, and the transactions in plain words.
 */

export type LoanFigures = {
  amountPence: Pence;
  /** The interest of the signed schedule. */
  contractInterestPence: Pence;
  /** The interest actually charged so far. */
  actualInterestPence: Pence;
  /** Interest charged beyond the contract's: the cost of paying late. */
  defaultInterestPence: Pence;
  chargePence: Pence;
  borrowingCostPence: Pence;
  totalDuePence: Pence;
  paidPence: Pence;
};

/** The schedule the customer signed (version 1), whatever was rescheduled since. */
export const signedSchedule = (book: LoanBook) => book.schedule.filter((s) => s.version === 1);

/** The loan's position after all its rows: what every view of it folds the ledger for. */
export const bookPosition = (book: LoanBook): Position => positionOf(book.terms, book.rows);

/**
 * `position`: the book's, when the caller already has it (one fold of the ledger for every view of it).
 * `today`: the business date, on which the total due is what settles the loan (never above the Early
 * Settlement Regulations' ceiling, docs/decisions/053), as 'To clear your loan today' says it.
 */
export function loanFigures(book: LoanBook, position?: Position, today?: IsoDate): LoanFigures {
  const p = position ?? bookPosition(book);
  const totalDue =
    today && p.totalDuePence > 0
      ? settlementOn(book.terms, book.rows, today, p).settlementPence
      : p.totalDuePence;
  const contract = signedSchedule(book).reduce((sum, s) => sum + s.interestPence, 0);
  return {
    amountPence: book.loan.principal_pence,
    contractInterestPence: contract,
    actualInterestPence: p.interestChargedPence,
    defaultInterestPence: Math.max(0, p.interestChargedPence - contract),
    chargePence: p.feesChargedPence,
    borrowingCostPence: p.interestChargedPence + p.feesChargedPence,
    totalDuePence: totalDue,
    paidPence: p.paidPence,
  };
}

/** Days from payout to the last due date: how long the loan runs. */
export const loanDays = (book: LoanBook): number => {
  const last = book.schedule[book.schedule.length - 1]?.dueDate;
  const from = book.loan.funded_on ?? book.loan.priced_on;
  return last ? daysBetween(from, last) : 0;
};

export const loanType = (book: LoanBook) =>
  signedSchedule(book).length === 1 ? 'Short-term loan' : 'Instalment loan';

/**
 * The schedule as the customer reads it: the current version's instalments, paid or due, after the
 * instalments an earlier version had already had paid when it was replaced. An earlier version's
 * unpaid instalments are replaced, not due: they stay in the database for the statement.
 */
/** One row of the schedule as the customer reads it. */
export type ScheduleRow = {
  seq: number;
  paymentDate: IsoDate;
  principalPence: Pence;
  interestPence: Pence;
  pmtPence: Pence;
  isPayed: boolean;
  duePence: Pence;
};

export function scheduleRows(book: LoanBook, position: Position = bookPosition(book)): ScheduleRow[] {
  const version = currentVersion(book);
  const states = new Map(instalmentStates(book.terms, position).map((s) => [s.seq, s]));
  const paidBefore = (v: number) =>
    v === 1 ? 0 : book.plans.find((p) => p.version === v)!.paid_before_pence;
  const earlier = new Map<number, number>();
  // Each row written out whole: adding properties to a spread copy cost a microsecond a row (ledger.ts).
  const row = (line: LoanBook['schedule'][number], isPayed: boolean, duePence: Pence): ScheduleRow => ({
    seq: line.seq,
    paymentDate: line.dueDate,
    principalPence: line.principalPence,
    interestPence: line.interestPence,
    pmtPence: line.paymentPence,
    isPayed,
    duePence,
  });
  const rows: ScheduleRow[] = [];
  for (const line of book.schedule) {
    if (line.version === version) {
      const state = states.get(line.seq)!;
      // Nothing is paid before the money is: an unfunded loan's instalments are all still to come.
      rows.push(row(line, book.loan.funded_on !== null && state.isPaid, state.duePence));
      continue;
    }
    const scheduled = (earlier.get(line.version) ?? 0) + line.paymentPence;
    earlier.set(line.version, scheduled);
    const paidWithin = paidBefore(line.version + 1) - paidBefore(line.version);
    if (scheduled <= paidWithin) rows.push(row(line, true, 0));
  }
  return settledEarly(rows, book.loan.settled_on, position);
}

/**
 * A loan repaid before its last due date: the instalments after that day were never due, and their
 * interest never charged (issue 45 item 11: a settled plan showed it as paid). They become one row on the
 * day it was repaid, with the principal they held and the interest the ledger actually charged that the
 * rows before it do not show, so the schedule adds up to what was paid.
 */
function settledEarly(rows: ScheduleRow[], settledOn: IsoDate | null, position: Position): ScheduleRow[] {
  if (!settledOn) return rows;
  const before = rows.filter((r) => r.paymentDate <= settledOn);
  const after = rows.filter((r) => r.paymentDate > settledOn);
  if (after.length === 0) return rows;
  const principalPence = after.reduce((sum, r) => sum + r.principalPence, 0);
  const interestPence = Math.max(
    0,
    position.interestChargedPence - before.reduce((sum, r) => sum + r.interestPence, 0),
  );
  return [
    ...before,
    {
      seq: after[0]!.seq,
      paymentDate: settledOn,
      principalPence,
      interestPence,
      pmtPence: principalPence + interestPence,
      isPayed: true,
      duePence: 0,
    },
  ];
}

/** Within the last 12 months of `today`: the window of the summary of borrowing (CMA Order art. 12). */
export const withinYear = (date: IsoDate | null, today: IsoDate) =>
  date !== null && date > addDays(today, -366) && date <= today;
