/**
 * The names of a loan's figures (issue 45 item 6, docs/decisions/051): each figure
 * is called by one name on every page, in the receipt, the payment e-mail and the summary of borrowing.
 * The figures themselves are the server's (apps/api/src/entities/loans/named-figures.ts).
 */
export const FIGURE_NAMES = {
  /** The settlement figure: what repays the loan in full on the business date. */
  toClearToday: 'To clear your loan today',
  /** The plan in force's unpaid instalments and unpaid fees: more than the above while interest is still to come. */
  leftOnPlan: 'Left to pay on your plan',
  /** The next instalment due today or later, amount and date. */
  nextPayment: 'Next payment',
  /** Instalments due before today and unpaid, and unpaid fees. */
  overdueNow: 'Overdue now',
  /** Interest and fees charged on the ledger up to today, beside the interest the agreement priced. */
  chargedSoFar: 'Cost charged so far',
  contractInterest: 'Interest in your agreement',
} as const;
