import { EXPENSE_KEYS } from '@lender/contract/expenses';
import type { ExpenseKey } from '@lender/contract/constants';
import { formatPence, type Pence } from '@lender/contract/money';
import { showsAMonth } from '@lender/contract/bank-statement';
import type { CreditFileRule } from '../applications/decision/credit-file-rules';
import type { VerifiedFigures } from './verified-figures';

/**
 * What an applicant's bank statement decides (issue 49; docs/decisions/072 gives each reason): one
 * table, read in its order. The Financial Ombudsman asks what a proportionate check would have shown;
 * these are the signs of financial difficulty a statement shows and a form does not.
 */
export const BANK_STATEMENT_RULES = {
  /** Gambling over a tenth of income is spending the loan would compete with (CONC 5.2A.20R, 5.3.1G(6)). */
  gambling: { outcome: 'decline', overShare: 0.1 },
  /** Two returned direct debits in 90 days: bills already going unpaid (CONC 5.2A.20R(2)). */
  returnedDirectDebits: { outcome: 'decline', atLeast: 2 },
  /** Repaying three or more other high-cost short-term lenders: reliance on HCSTC (CONC 6.7.22G). */
  hcstcLenders: { outcome: 'decline', atLeast: 3 },
} as const;

export type BankStatementRule = keyof typeof BANK_STATEMENT_RULES;

export type BankStatementBreach = {
  rule: BankStatementRule;
  outcome: 'decline' | 'refer';
  details: Record<string, number>;
  text: string;
};

/** Every rule of BANK_STATEMENT_RULES the statement breaks, declines first. */
export function bankStatementBreaches(f: VerifiedFigures): BankStatementBreach[] {
  const R = BANK_STATEMENT_RULES;
  const found: BankStatementBreach[] = [];
  if (f.gamblingMonthlyPence > 0 && f.gamblingShare > R.gambling.overShare) {
    found.push({
      rule: 'gambling',
      outcome: R.gambling.outcome,
      details: { gamblingMonthlyPence: f.gamblingMonthlyPence, gamblingShare: round2(f.gamblingShare) },
      text: `gambling of ${formatPence(f.gamblingMonthlyPence)} a month, ${percent(f.gamblingShare)} of income`,
    });
  }
  if (f.returnedDirectDebits >= R.returnedDirectDebits.atLeast) {
    found.push({
      rule: 'returnedDirectDebits',
      outcome: R.returnedDirectDebits.outcome,
      details: { returned: f.returnedDirectDebits, unpaidItemFees: f.unpaidItemFees },
      text: `${f.returnedDirectDebits} returned direct debits in ${f.daysCovered} days`,
    });
  }
  if (f.hcstcLenders >= R.hcstcLenders.atLeast) {
    found.push({
      rule: 'hcstcLenders',
      outcome: R.hcstcLenders.outcome,
      details: { lenders: f.hcstcLenders },
      text: `repayments to ${f.hcstcLenders} other high-cost short-term lenders`,
    });
  }
  return found.sort((a, b) => (a.outcome === b.outcome ? 0 : a.outcome === 'decline' ? -1 : 1));
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * The affordability figures with a statement (issue 49): the lower of the declared and the verified
 * income, and per category the higher of the declared and the verified spending. Without a statement,
 * the declared ones. `raised` names the categories the statement raised, for the decision's reason.
 */
export function withVerifiedFigures(
  declaredIncomePence: Pence,
  declaredExpensesPence: Partial<Record<ExpenseKey, Pence>>,
  verified: VerifiedFigures | null,
): {
  incomePence: Pence;
  expensesPence: Partial<Record<ExpenseKey, Pence>>;
  raised: ExpenseKey[];
  incomeLowered: boolean;
} {
  if (!verified) {
    return {
      incomePence: declaredIncomePence,
      expensesPence: declaredExpensesPence,
      raised: [],
      incomeLowered: false,
    };
  }
  const expensesPence = { ...declaredExpensesPence };
  const raised: ExpenseKey[] = [];
  for (const key of EXPENSE_KEYS) {
    const seen = verified.spendingPence[key];
    if (seen !== undefined && seen > (expensesPence[key] ?? 0)) {
      expensesPence[key] = seen;
      raised.push(key);
    }
  }
  // An account too new to show a month's income shows nothing about it: the declared income stands.
  const incomeLowered = showsAMonth(verified) && verified.monthlyIncomePence < declaredIncomePence;
  return {
    incomePence: incomeLowered ? verified.monthlyIncomePence : declaredIncomePence,
    expensesPence,
    raised,
    incomeLowered,
  };
}

/** When the applicant must connect their bank before their application is decided (issue 49). */
export const CONNECTION_REQUIRED = {
  /** A declared income above £3,000 a month is one we see little of, and where typed slips cost most. */
  declaredIncomeOverPence: 300_000,
  /** A fifth loan in a year (loans in the 12 months before it). Our repeat-lending limit declines it first today. */
  loansInYearAtLeast: 4,
} as const;

export type RequiredBecause = 'modelledIncomeLow' | 'declaredIncomeHigh' | 'fifthLoanInYear';

export function connectionRequiredBecause(a: {
  declaredIncomePence: Pence;
  modelledIncomeLow: boolean;
  loansLast12Months: number;
}): RequiredBecause[] {
  const because: RequiredBecause[] = [];
  if (a.modelledIncomeLow) because.push('modelledIncomeLow');
  if (a.declaredIncomePence > CONNECTION_REQUIRED.declaredIncomeOverPence) because.push('declaredIncomeHigh');
  if (a.loansLast12Months >= CONNECTION_REQUIRED.loansInYearAtLeast) because.push('fifthLoanInYear');
  return because;
}

/** The credit file rule (issue 47) whose finding makes the bank required. */
const MODELLED_INCOME_LOW: CreditFileRule = 'modelledIncomeLow';

/**
 * Stage 3's reasons: the declared income, and the credit file's modelled income as stage 1's decision
 * found it. A new applicant has no loans with us.
 */
export const requiredAtStage3 = (
  application: { netMonthlyIncomePence: Pence },
  stage1Findings: readonly { reasonCode: string }[],
) =>
  connectionRequiredBecause({
    declaredIncomePence: application.netMonthlyIncomePence,
    modelledIncomeLow: stage1Findings.some((f) => f.reasonCode === MODELLED_INCOME_LOW),
    loansLast12Months: 0,
  });
