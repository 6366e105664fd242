import { BRAND } from '@lender/contract/brand';
import { addDays, formatDisplayDate, type IsoDate } from '@lender/contract/dates';
import { formatPence } from '@lender/contract/money';
import type { AgreementDocument, Block } from '../../documents/blocks';
import { currentVersion, type LoanBook } from '../../entities/loans/loan-repository';
import { namedFigures, paymentOnText } from '../../entities/loans/named-figures';
import { FIGURE_NAMES } from '@lender/contract/figure-names';
import { transactionLines } from '../../entities/loans/transaction-lines';
import { loanFigures, loanType, signedSchedule, withinYear } from './loan-views';

/**
 * The repayments agreed, and when a new plan replaced them (issue 45), the plan in force: its number
 * of payments is what is left to collect, not the signed schedule's.
 */
function planRows(book: LoanBook): [string, string][] {
  const signed: [string, string] = ['Number of repayments agreed', String(signedSchedule(book).length)];
  if (currentVersion(book) === 1) return [signed];
  const changed = book.plans.at(-1)!;
  return [
    signed,
    [
      `Payments on your plan since ${formatDisplayDate(changed.created_on)}`,
      String(book.terms.instalments.length),
    ],
  ];
}

/** A loan still owed: the named figures (issue 45), as the borrow page shows them; else its balance. */
function balanceRows(book: LoanBook, today: IsoDate): [string, string][] {
  if (!book.loan.funded_on || book.loan.settled_on) return [['Balance outstanding', formatPence(0)]];
  const n = namedFigures(book.terms, book.rows, today);
  return [
    [FIGURE_NAMES.toClearToday, formatPence(n.toClearTodayPence)],
    [FIGURE_NAMES.leftOnPlan, formatPence(n.leftOnPlanPence)],
    [FIGURE_NAMES.nextPayment, n.next ? paymentOnText(n.next) : 'None'],
    [FIGURE_NAMES.overdueNow, formatPence(n.overdueNowPence)],
  ];
}

/**
 * The summary of borrowing the CMA's Payday Lending Market Investigation Order 2015 (articles 12 and 13)
 * requires for existing customers, laid out as its template: the period, the number of loans, what was
 * borrowed and what the borrowing cost, then each loan with its figures, payments and balance. Every
 * figure is the ledger's (loan-views.ts).
 */
export function sobDocument(
  customerName: string,
  books: readonly LoanBook[],
  today: IsoDate,
): AgreementDocument {
  const from = addDays(today, -365);
  const year = books.filter((b) => withinYear(b.loan.funded_on, today));
  const figures = year.map((b) => loanFigures(b, undefined, today));
  const total = (pick: (f: (typeof figures)[number]) => number) =>
    formatPence(figures.reduce((s, f) => s + pick(f), 0));

  const blocks: Block[] = [
    {
      kind: 'paragraph',
      text: `Summary of the cost of borrowing from ${BRAND.name} (${BRAND.legalName}) for ${customerName}, for the period ${formatDisplayDate(from)} to ${formatDisplayDate(today)}.`,
    },
    {
      kind: 'table',
      caption: 'Your borrowing in the last 12 months',
      rowHeaders: true,
      rows: [
        ['Number of loans taken out', String(year.length)],
        ['Total amount borrowed', total((f) => f.amountPence)],
        ['Interest', total((f) => f.actualInterestPence)],
        ['Fees and charges', total((f) => f.chargePence)],
        ['Total cost of borrowing (interest, fees and charges)', total((f) => f.borrowingCostPence)],
        ['Total repaid', total((f) => f.paidPence)],
        ['Balance outstanding', total((f) => f.totalDuePence)],
      ],
    },
    {
      kind: 'paragraph',
      text: 'The total cost of borrowing is what you paid, or have agreed to pay, on top of the amounts you borrowed. It includes interest and any fees or charges for late or missed payments.',
    },
  ];
  year.forEach((book, k) => {
    const f = figures[k]!;
    blocks.push(
      {
        kind: 'heading',
        text: `Loan ${k + 1}: ${loanType(book)} paid out on ${formatDisplayDate(book.loan.funded_on!)}`,
      },
      {
        kind: 'table',
        rowHeaders: true,
        rows: [
          ['Amount borrowed', formatPence(f.amountPence)],
          ...planRows(book),
          ['Interest in the agreement', formatPence(f.contractInterestPence)],
          ['Interest charged so far', formatPence(f.actualInterestPence)],
          ['Fees and charges so far', formatPence(f.chargePence)],
          ['Cost of borrowing charged so far', formatPence(f.borrowingCostPence)],
          ['Repaid', formatPence(f.paidPence)],
          ...balanceRows(book, today),
          ['Repaid in full on', book.loan.settled_on ? formatDisplayDate(book.loan.settled_on) : 'Not yet'],
        ],
      },
    );
    const payments = transactionLines(book).filter((t) => t.creditPence > 0);
    blocks.push(
      payments.length
        ? {
            kind: 'table',
            caption: 'Payments made',
            columns: ['Date', 'Payment', 'Amount'],
            rows: payments.map((t) => [
              formatDisplayDate(t.createDate),
              t.transactionType,
              formatPence(t.creditPence),
            ]),
          }
        : { kind: 'paragraph', text: 'No payments made on this loan yet.' },
    );
  });
  if (year.length === 0)
    blocks.push({ kind: 'paragraph', text: 'You have not taken out a loan with us in the last 12 months.' });
  blocks.push({
    kind: 'paragraph',
    text: `To compare the cost of borrowing from other lenders, see the price comparison websites accredited by the FCA. If you have questions about this summary, call us on ${BRAND.supportPhone}.`,
  });
  return { title: 'Summary of borrowing', blocks };
}
