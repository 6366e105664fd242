import { addDays, formatDisplayDate, type IsoDate } from '@lender/contract/dates';
import type {
  AnnualStatementFacts,
  StatementMovement,
  StatementRate,
} from '../../documents/annual-statement';
import {
  arrearsPence,
  instalmentStates,
  positionOf,
  positionsAlong,
  type LedgerRow,
} from '../../entities/loans/ledger';
import type { LoanTransactionType } from '../../entities/loans/loan-tables';
import type { LoanBook } from '../../entities/loans/loan-repository';
import type { StatementPeriod } from '../../entities/loans/statement-periods';

/** How each kind of ledger row reads on the statement, which column it goes in, and which total. */
const MOVEMENTS: Record<
  Exclude<LoanTransactionType, 'reversal'>,
  { description: string; column: 'added' | 'takenOff' | 'none'; kind: StatementMovement['kind'] }
> = {
  advance: { description: 'Loan paid out to you', column: 'added', kind: 'other' },
  interest: { description: 'Interest', column: 'added', kind: 'interest' },
  'default-fee': { description: 'Default fee', column: 'added', kind: 'fee' },
  instalment: { description: 'Repayment collected from your card', column: 'takenOff', kind: 'payment' },
  'card-payment': { description: 'Card payment', column: 'takenOff', kind: 'payment' },
  'bank-transfer': { description: 'Bank transfer received', column: 'takenOff', kind: 'payment' },
  rebate: { description: 'Interest rebate for repaying early', column: 'takenOff', kind: 'other' },
  waiver: { description: 'Interest or fees waived', column: 'takenOff', kind: 'other' },
  'write-off': { description: 'Written off', column: 'takenOff', kind: 'other' },
  refund: { description: 'Refund paid to you of an overpayment', column: 'added', kind: 'other' },
  reschedule: { description: 'New payment plan started', column: 'none', kind: 'other' },
};

/** The rows that count (as the ledger's fold takes them): no reversal, nor a row a reversal cancels. */
function counted(rows: readonly LedgerRow[]): Set<number> {
  const reversed = new Set(rows.filter((r) => r.type === 'reversal').map((r) => r.reversesId));
  return new Set(rows.filter((r) => r.type !== 'reversal' && !reversed.has(r.id)).map((r) => r.id));
}

/**
 * The period's movements from the ledger, in its order (by date, then id), each with the balance after
 * it. Days of interest in a row with nothing else between them are one line, their sum and their first
 * and last day: the ledger's own rows added up, never worked out again.
 */
function movementsOf(book: LoanBook, period: StatementPeriod): StatementMovement[] {
  const keep = counted(book.rows);
  const movements: StatementMovement[] = [];
  let runFrom: IsoDate | null = null;
  for (const { row, position } of positionsAlong(book.terms, book.rows)) {
    if (!keep.has(row.id) || row.onDate < period.start || row.onDate > period.end) continue;
    const how = MOVEMENTS[row.type as keyof typeof MOVEMENTS];
    const last = movements.at(-1);
    const balancePence = position.totalDuePence;
    if (row.type === 'interest' && last?.kind === 'interest' && runFrom) {
      last.addedPence += row.amountPence;
      last.balancePence = balancePence;
      last.date = row.onDate;
      last.description = `Interest, ${formatDisplayDate(runFrom)} to ${formatDisplayDate(row.onDate)}`;
      continue;
    }
    runFrom = row.type === 'interest' ? row.onDate : null;
    movements.push({
      kind: how.kind,
      date: row.onDate,
      description: how.description,
      addedPence: how.column === 'added' ? row.amountPence : 0,
      takenOffPence: how.column === 'takenOff' ? row.amountPence : 0,
      balancePence,
    });
  }
  return movements;
}

/** The rates of interest that applied during the period: the one in force at its start, then each change. */
function ratesOf(book: LoanBook, period: StatementPeriod): StatementRate[] {
  const changes: StatementRate[] = [
    { from: book.loan.priced_on, dailyRate: book.loan.daily_rate },
    ...book.plans.map((p) => ({ from: p.created_on, dailyRate: p.daily_rate })),
  ].filter((r) => r.from <= period.end);
  const atStart = changes.filter((r) => r.from <= period.start).at(-1);
  const during = changes.filter((r) => r.from > period.start);
  return [...(atStart ? [{ ...atStart, from: period.start }] : []), ...during];
}

/** Everything the statement for `period` states, from the loan's book and the customer's name and address. */
export function annualStatementFacts(
  book: LoanBook,
  period: StatementPeriod,
  customer: { name: string; address: string },
  givenOn: IsoDate,
): AnnualStatementFacts {
  const { loan, terms, rows } = book;
  const atEnd = positionOf(terms, rows, period.end);
  const signed = book.schedule.filter((s) => s.version === 1);
  const next = instalmentStates(terms, atEnd).find((i) => i.dueDate > period.end && i.duePence > 0);
  return {
    borrower: customer.name,
    borrowerAddress: customer.address,
    agreementNumber: loan.application_id,
    agreementDate: loan.priced_on,
    period: { start: period.start, end: period.end },
    givenOn,
    creditPence: loan.principal_pence,
    rates: ratesOf(book, period),
    defaultedOn: loan.defaulted_on,
    signedLastDueDate: signed.at(-1)?.dueDate ?? terms.instalments.at(-1)!.dueDate,
    currentLastDueDate: terms.instalments.at(-1)!.dueDate,
    openingBalancePence: positionOf(terms, rows, addDays(period.start, -1)).totalDuePence,
    closingBalancePence: atEnd.totalDuePence,
    movements: movementsOf(book, period),
    arrearsPence: arrearsPence(terms, atEnd, period.end),
    nextPayment: next ? { dueDate: next.dueDate, amountPence: next.duePence } : null,
  };
}
