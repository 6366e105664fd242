import { BRAND } from '@lender/contract/brand';
import { addDays, formatDisplayDate, type IsoDate } from '@lender/contract/dates';
import { formatPence, type Pence } from '@lender/contract/money';
import type { AgreementDocument } from '../../documents/blocks';
import { instalmentStates, interestFor, positionOf, type LedgerRow } from '../../entities/loans/ledger';
import type { LoanBook } from '../../entities/loans/loan-repository';
import { settlementOn } from '../../entities/loans/early-settlement';

/** Days ahead the statement gives a settlement figure for, after today's. */
export const SETTLEMENT_DAYS_AHEAD = 28;

export type SettlementFigure = { date: IsoDate; amountPence: Pence };

/**
 * What settles the loan on today and each of the next `days` days, if nothing else is paid before: the
 * ledger's position with each closed day's interest added as the close of business would add it (at
 * the current plan's rate, within the caps), never above the Early Settlement Regulations' ceiling
 * (Consumer Credit Act s95; docs/decisions/053). Paying early costs no fee.
 */
export function settlementFigures(book: LoanBook, today: IsoDate, days = SETTLEMENT_DAYS_AHEAD) {
  const rows: LedgerRow[] = [...book.rows];
  const figures: SettlementFigure[] = [];
  let id = rows.reduce((most, r) => Math.max(most, r.id), 0);
  for (let k = 0; k <= days; k++) {
    const date = addDays(today, k);
    figures.push({ date, amountPence: settlementOn(book.terms, rows, date).settlementPence });
    // The day's close: its interest is owed from the next day on.
    const amountPence = interestFor(book.terms, positionOf(book.terms, rows), date);
    if (amountPence > 0)
      rows.push({ id: ++id, type: 'interest', amountPence, onDate: date, reversesId: null });
  }
  return figures;
}

/**
 * The settlement statement (Consumer Credit Act s97; Consumer Credit (Settlement Information)
 * Regulations 2004): today's figure, the figure for each of the next 28 days, what it is made of, and the
 * instalments still to pay under the current plan (the statement of the remaining balance after a part
 * payment). Every figure is the ledger's.
 */
export function settlementStatement(customerName: string, book: LoanBook, today: IsoDate): AgreementDocument {
  const position = positionOf(book.terms, book.rows);
  const figures = settlementFigures(book, today);
  const { rebatePence } = settlementOn(book.terms, book.rows, today, position);
  const remaining = instalmentStates(book.terms, position).filter((i) => i.duePence > 0);
  const { repaymentAccount: account } = BRAND;
  return {
    title: 'Settlement statement',
    blocks: [
      {
        kind: 'paragraph',
        text: `Statement for ${customerName}, loan agreement ${book.loan.application_id}, made on ${formatDisplayDate(today)} by ${BRAND.legalName}, ${BRAND.registeredAddress}.`,
      },
      {
        kind: 'paragraph',
        important: true,
        text: `To repay your loan in full today, ${formatDisplayDate(today)}, you need to pay ${formatPence(figures[0]!.amountPence)}.`,
      },
      {
        kind: 'table',
        caption: 'What the amount today is made of',
        rowHeaders: true,
        rows: [
          ['Amount borrowed still to repay', formatPence(position.principalPence)],
          ['Interest charged and not yet paid', formatPence(position.interestDuePence)],
          ['Fees and charges not yet paid', formatPence(position.feesDuePence)],
          ...(rebatePence > 0
            ? [['Interest rebate for repaying early', `-${formatPence(rebatePence)}`]]
            : []),
          ['Total to settle today', formatPence(figures[0]!.amountPence)],
        ],
      },
      {
        kind: 'paragraph',
        text: 'You can repay all or part of your loan at any time. There is no fee for repaying early. Interest is charged only for the days that have passed, and where the Consumer Credit (Early Settlement) Regulations 2004 give a lower figure for the day you settle, you pay that one: the sooner you pay, the less interest you pay.',
      },
      {
        kind: 'table',
        caption: `The amount that settles your loan on each of the next ${SETTLEMENT_DAYS_AHEAD} days, if you make no other payment before that day`,
        columns: ['Date', 'Amount to settle'],
        rows: figures.slice(1).map((f) => [formatDisplayDate(f.date), formatPence(f.amountPence)]),
      },
      remaining.length > 0
        ? {
            kind: 'table',
            caption: 'If you do not settle: the repayments still due under your plan',
            columns: ['Date', 'Amount'],
            rows: remaining.map((i) => [formatDisplayDate(i.dueDate), formatPence(i.duePence)]),
          }
        : { kind: 'paragraph', text: 'There are no repayments still due under your plan.' },
      {
        kind: 'paragraph',
        text: `How to pay: sign in and choose 'Make a payment', or pay by bank transfer to ${account.accountName}, sort code ${account.sortCode}, account ${account.accountNumber}, with your loan number ${book.loan.application_id} as the reference. Questions: ${BRAND.supportPhone} or ${BRAND.supportEmail}.`,
      },
      {
        kind: 'paragraph',
        text: 'This statement is given under section 97 of the Consumer Credit Act 1974. The amounts assume that no other payment is made and nothing else changes before the date you pay.',
      },
    ],
  };
}
