import { addDays, daysBetween, type IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import { instalmentStates, positionOf } from '../../entities/loans/ledger';
import { currentVersion, type LoanBook } from '../../entities/loans/loan-repository';
import type { LoanTransactionType } from '../../db/schema';

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

export function loanFigures(book: LoanBook): LoanFigures {
  const p = positionOf(book.terms, book.rows);
  const contract = signedSchedule(book).reduce((sum, s) => sum + s.interestPence, 0);
  return {
    amountPence: book.loan.principal_pence,
    contractInterestPence: contract,
    actualInterestPence: p.interestChargedPence,
    defaultInterestPence: Math.max(0, p.interestChargedPence - contract),
    chargePence: p.feesChargedPence,
    borrowingCostPence: p.interestChargedPence + p.feesChargedPence,
    totalDuePence: p.totalDuePence,
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
export function scheduleRows(book: LoanBook) {
  const version = currentVersion(book);
  const states = new Map(
    instalmentStates(book.terms, positionOf(book.terms, book.rows)).map((s) => [s.seq, s]),
  );
  const paidBefore = (v: number) =>
    v === 1 ? 0 : book.plans.find((p) => p.version === v)!.paid_before_pence;
  const earlier = new Map<number, number>();
  return book.schedule.flatMap((line) => {
    const row = {
      seq: line.seq,
      paymentDate: line.dueDate,
      principalPence: line.principalPence,
      interestPence: line.interestPence,
      pmtPence: line.paymentPence,
    };
    if (line.version === version) {
      const state = states.get(line.seq)!;
      // Nothing is paid before the money is: an unfunded loan's instalments are all still to come.
      return [{ ...row, isPayed: book.loan.funded_on !== null && state.isPaid, duePence: state.duePence }];
    }
    const scheduled = (earlier.get(line.version) ?? 0) + line.paymentPence;
    earlier.set(line.version, scheduled);
    const paidWithin = paidBefore(line.version + 1) - paidBefore(line.version);
    return scheduled <= paidWithin ? [{ ...row, isPayed: true, duePence: 0 }] : [];
  });
}

const WORDS: Record<LoanTransactionType, string> = {
  advance: 'Loan paid out',
  interest: 'Interest',
  instalment: 'Instalment collected (CPA)',
  'card-payment': 'Card payment',
  'default-fee': 'Default fee',
  refund: 'Refund',
  'write-off': 'Written off',
  reversal: 'Reversal',
  reschedule: 'Repayment plan changed',
};

/** Adds to what the customer owes (debit) or takes from it (credit). */
/** The days' interest up to the line's date, since the line before. */
const INTEREST_LINE = 'Interest (added daily, to this date)';

const DEBITS: ReadonlySet<LoanTransactionType> = new Set(['advance', 'interest', 'default-fee', 'refund']);

export type TransactionLine = {
  createDate: IsoDate;
  transactionType: string;
  creditPence: Pence;
  debitPence: Pence;
};

/**
 * The loan's transactions, oldest first: every movement of money, the day's interest gathered into one
 * line per run of days (a line a day would bury the payments), and each declined collection (no money
 * moved, but the customer should see it was tried).
 */
export function transactionLines(book: LoanBook): TransactionLine[] {
  const byId = new Map(book.rows.map((r) => [r.id, r]));
  const events = [
    ...book.rows.map((r) => ({ date: r.onDate, order: r.id, row: r })),
    ...book.attempts
      .filter((a) => a.outcome === 'declined')
      .map((a) => ({ date: a.on_date, order: Number.MAX_SAFE_INTEGER, row: null })),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order));

  const lines: TransactionLine[] = [];
  let interest: TransactionLine | null = null;
  for (const { date, row } of events) {
    if (row?.type === 'interest') {
      interest ??= { createDate: date, transactionType: WORDS.interest, creditPence: 0, debitPence: 0 };
      interest.createDate = date;
      interest.debitPence += row.amountPence;
      continue;
    }
    if (interest) {
      lines.push({ ...interest, transactionType: INTEREST_LINE });
      interest = null;
    }
    if (!row) {
      lines.push({ createDate: date, transactionType: 'Collection declined', creditPence: 0, debitPence: 0 });
      continue;
    }
    const reversed = row.type === 'reversal' ? byId.get(row.reversesId ?? -1) : undefined;
    const debit = reversed ? !DEBITS.has(reversed.type) : DEBITS.has(row.type);
    lines.push({
      createDate: date,
      transactionType: reversed ? `Reversal: ${WORDS[reversed.type]}` : WORDS[row.type],
      creditPence: debit ? 0 : row.amountPence,
      debitPence: debit ? row.amountPence : 0,
    });
  }
  if (interest) lines.push({ ...interest, transactionType: INTEREST_LINE });
  return lines;
}

/** Within the last 12 months of `today`: the window of the summary of borrowing (CMA Order art. 12). */
export const withinYear = (date: IsoDate | null, today: IsoDate) =>
  date !== null && date > addDays(today, -366) && date <= today;
