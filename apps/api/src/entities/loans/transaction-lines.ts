import type { IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import type { LoanTransactionType } from './loan-tables';
import type { LoanBook } from './loan-repository';

/*
 * The loan's transactions in the customer's words (docs/decisions/022), shared by the borrow area's
 * schedule and summary and by the pre-claim statement of account (issue 28): one wording everywhere.
 */

const WORDS: Record<LoanTransactionType, string> = {
  advance: 'Loan paid out',
  interest: 'Interest',
  instalment: 'Instalment collected (CPA)',
  'card-payment': 'Card payment',
  'bank-transfer': 'Bank transfer',
  'default-fee': 'Default fee',
  refund: 'Refund',
  'write-off': 'Written off',
  rebate: 'Interest rebate for repaying early',
  waiver: 'Interest or fees waived',
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
