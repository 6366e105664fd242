import type { IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import type { LoanTransactionType } from './loan-tables';
import type { LedgerRow } from './ledger';
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
  // Each row's date and order, and each declined collection after the day's rows; objects written out,
  // as this runs on every borrow page (bench/README.md).
  const events: { date: IsoDate; order: number; row: LedgerRow | null }[] = [];
  for (const r of book.rows) events.push({ date: r.onDate, order: r.id, row: r });
  for (const a of book.attempts) {
    if (a.outcome === 'declined') events.push({ date: a.on_date, order: Number.MAX_SAFE_INTEGER, row: null });
  }
  events.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order));

  const lines: TransactionLine[] = [];
  const interestLine = (createDate: IsoDate, debitPence: Pence): TransactionLine => ({
    createDate,
    transactionType: INTEREST_LINE,
    creditPence: 0,
    debitPence,
  });
  let interest: { date: IsoDate; pence: Pence } | null = null;
  for (const { date, row } of events) {
    if (row?.type === 'interest') {
      interest ??= { date, pence: 0 };
      interest.date = date;
      interest.pence += row.amountPence;
      continue;
    }
    if (interest) {
      lines.push(interestLine(interest.date, interest.pence));
      interest = null;
    }
    if (!row) {
      lines.push({ createDate: date, transactionType: 'Collection declined', creditPence: 0, debitPence: 0 });
      continue;
    }
    const reversed = row.type === 'reversal' ? book.rows.find((r) => r.id === row.reversesId) : undefined;
    const debit = reversed ? !DEBITS.has(reversed.type) : DEBITS.has(row.type);
    lines.push({
      createDate: date,
      transactionType: reversed ? `Reversal: ${WORDS[reversed.type]}` : WORDS[row.type],
      creditPence: debit ? 0 : row.amountPence,
      debitPence: debit ? row.amountPence : 0,
    });
  }
  if (interest) lines.push(interestLine(interest.date, interest.pence));
  return lines;
}
