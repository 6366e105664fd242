import type { ExpenseKey } from '@lender/contract/constants';
import type { IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';

/** The kinds of income the categoriser counts: regular credits only (issue 49). */
export type IncomeKind = 'salary' | 'benefits' | 'pension';

/**
 * What an applicant's bank showed (issue 49), as the decision reads it and the application keeps it:
 * figures and payers' names only, never a transaction. A regular payer's or payee's monthly figure counts
 * its payments per period at the cadence it keeps (weekly, fortnightly, monthly; categorise.ts), so a
 * window holding three paydays or four gives the same month; a one-off is its total over the days read.
 */
export type VerifiedFigures = {
  /** The first and last dates read, and how many days that covers. */
  from: IsoDate;
  to: IsoDate;
  daysCovered: number;
  /** Regular income a month, all sources together. */
  monthlyIncomePence: Pence;
  /** Each regular payer, largest first: 'We saw £2,380 a month from ACME LTD'. */
  incomeSources: { payer: string; kind: IncomeKind; monthlyPence: Pence }[];
  /**
   * Committed spending a month in the expense categories the applicant declares at stage 3 that a bank
   * account shows reliably: housing (rent or mortgage) as `rent`, council tax, utilities, and credit
   * repayments (HCSTC ones included) as `creditCommitment`.
   */
  spendingPence: Partial<Record<ExpenseKey, Pence>>;
  /** Gambling a month, and as a share of the monthly income (0 when there is no income). */
  gamblingMonthlyPence: Pence;
  gamblingShare: number;
  /** Distinct high-cost short-term lenders repaid in the period. */
  hcstcLenders: number;
  /** Direct debits returned unpaid, and unpaid-item fees charged, in the period. */
  returnedDirectDebits: number;
  unpaidItemFees: number;
  /** Credits seen and not counted as income: transfers between own accounts, refunds, loan proceeds. */
  excludedCreditsPence: Pence;
  /** Of those, money lent to the applicant (a payday loan paid in is not income). */
  loanProceedsPence: Pence;
  /** Days the main account ended overdrawn. */
  overdrawnDays: number;
};
