import { addDays, type IsoDate } from '@lender/contract/dates';
import { formatPence, type Pence } from '@lender/contract/money';
import { assessAffordability } from '../../affordability/assess-affordability';
import type { CreditReport } from '../../../lib/credit-reference/credit-reference-agency';

/**
 * What a credit file decides (issue 47; docs/decisions/057 gives each reason): one table, read by the
 * credit reference check in its order. A value here is a threshold a regulator may ask us to justify, so
 * each has its reason beside it.
 */
export const CREDIT_FILE_RULES = {
  /** CONC 5.2A.15R: a person in a formal insolvency cannot take on new credit without breaching its terms. */
  activeInsolvency: { outcome: 'decline' },
  /** An unpaid court judgment is a debt a court found due and unpaid: lending more adds to it. */
  unsatisfiedCcj: { outcome: 'decline' },
  /** A default in the last 12 months shows a recent failure to repay (CONC 5.2A.20R(2)). */
  recentDefault: { outcome: 'decline', withinDays: 365 },
  /** Reliance on high-cost short-term credit (CONC 5.2A.20R(3), 6.7.22G): three open at once. */
  openHcstc: { outcome: 'decline', atLeast: 3 },
  /** Shopping for HCSTC many times in a month is a sign of financial difficulty (CONC 5.2A.20R). */
  hcstcSearches: { outcome: 'decline', atLeast: 5, withinDays: 30 },
  /** Name, date of birth and address not matched: a person checks proof of identity (money laundering regs 28). */
  identityNotConfirmed: { outcome: 'refer' },
  /** A deceased flag on a living applicant's details is a sign of impersonation: a person looks. */
  deceased: { outcome: 'refer' },
  /** The agency's modelled income far below the declared one: a person checks the income (CONC 5.2A.16R). */
  modelledIncomeLow: { outcome: 'refer', belowShare: 0.7 },
  /**
   * The file's monthly credit commitments, where higher than the declared ones, replace them in the
   * affordability assessment (CONC 5.2A.15R: the lender's own information where the customer's may be
   * wrong); a loan that is not affordable on the file's figures declines, as stage 3 would.
   */
  unaffordableOnFileCommitments: { outcome: 'decline' },
} as const;

export type CreditFileRule = keyof typeof CREDIT_FILE_RULES;

/** One rule the file broke, with the figures it read (no personal data). */
export type CreditFileBreach = {
  rule: CreditFileRule;
  outcome: 'decline' | 'refer';
  details: Record<string, number | string>;
  text: string;
};

const isHcstc = (a: CreditReport['accounts'][number]) => a.type === 'hcstc';
const isOpen = (a: CreditReport['accounts'][number]) => a.closedOn === null;

/**
 * The monthly credit commitments the agency shows: what every open account costs a month (the current
 * account and the mortgage are housing and banking, counted elsewhere by the affordability assessment).
 */
export const agencyCommitmentsPence = (report: CreditReport): Pence =>
  report.accounts
    .filter((a) => isOpen(a) && a.type !== 'current-account' && a.type !== 'mortgage')
    .reduce((sum, a) => sum + a.monthlyPaymentPence, 0);

/**
 * The affordability the applicant declared, where they declared it before this decision (a repeat loan, a
 * partner's lead with stage 3): their expenses, the credit commitments among them, the largest instalment.
 * A new applicant's stage 3 comes after the soft search and reads the file's commitments itself.
 */
export type DeclaredAffordability = { expensesPence: Pence; commitmentsPence: Pence; instalmentPence: Pence };

/** Every rule of CREDIT_FILE_RULES the report breaks, declines first, on the business date `today`. */
export function creditFileBreaches(
  report: CreditReport,
  declaredMonthlyIncomePence: Pence,
  today: IsoDate,
  declared: DeclaredAffordability | null = null,
): CreditFileBreach[] {
  const R = CREDIT_FILE_RULES;
  const found: CreditFileBreach[] = [];
  const active = report.publicRecords.insolvencies.filter((i) => i.status === 'active');
  if (active.length > 0) {
    found.push({
      rule: 'activeInsolvency',
      outcome: R.activeInsolvency.outcome,
      details: { type: active[0]!.type },
      text: `an active insolvency (${active[0]!.type})`,
    });
  }
  const unsatisfied = report.publicRecords.ccjs.filter((c) => c.satisfiedOn === null);
  if (unsatisfied.length > 0) {
    const amountPence = unsatisfied.reduce((s, c) => s + c.amountPence, 0);
    found.push({
      rule: 'unsatisfiedCcj',
      outcome: R.unsatisfiedCcj.outcome,
      details: { count: unsatisfied.length, amountPence },
      text: `${unsatisfied.length} unsatisfied county court judgment(s), ${amountPence}p`,
    });
  }
  const since = addDays(today, -R.recentDefault.withinDays);
  const recentDefaults = report.accounts.filter((a) => a.defaultedOn !== null && a.defaultedOn >= since);
  if (recentDefaults.length > 0) {
    found.push({
      rule: 'recentDefault',
      outcome: R.recentDefault.outcome,
      details: { count: recentDefaults.length },
      text: `${recentDefaults.length} default(s) in the last 12 months`,
    });
  }
  const openHcstc = report.accounts.filter((a) => isHcstc(a) && isOpen(a)).length;
  if (openHcstc >= R.openHcstc.atLeast) {
    found.push({
      rule: 'openHcstc',
      outcome: R.openHcstc.outcome,
      details: { open: openHcstc },
      text: `${openHcstc} open high-cost short-term loans`,
    });
  }
  const searchSince = addDays(today, -R.hcstcSearches.withinDays);
  const hcstcSearches = report.searches.filter(
    (s) => s.industry === 'hcstc' && s.type === 'application' && s.searchedOn >= searchSince,
  ).length;
  if (hcstcSearches >= R.hcstcSearches.atLeast) {
    found.push({
      rule: 'hcstcSearches',
      outcome: R.hcstcSearches.outcome,
      details: { searches: hcstcSearches },
      text: `${hcstcSearches} high-cost short-term credit searches in 30 days`,
    });
  }
  if (report.identity.matchLevel !== 'confirmed') {
    found.push({
      rule: 'identityNotConfirmed',
      outcome: R.identityNotConfirmed.outcome,
      details: { matchLevel: report.identity.matchLevel },
      text: `identity not confirmed (match ${report.identity.matchLevel})`,
    });
  }
  if (report.identity.deceased) {
    found.push({ rule: 'deceased', outcome: R.deceased.outcome, details: {}, text: 'a deceased flag' });
  }
  const modelled = report.modelledMonthlyIncomePence;
  if (modelled !== null && modelled < declaredMonthlyIncomePence * R.modelledIncomeLow.belowShare) {
    found.push({
      rule: 'modelledIncomeLow',
      outcome: R.modelledIncomeLow.outcome,
      details: { modelledPence: modelled, declaredPence: declaredMonthlyIncomePence },
      text: `modelled income ${modelled}p is under 70% of the declared ${declaredMonthlyIncomePence}p`,
    });
  }
  const fileCommitments = agencyCommitmentsPence(report);
  if (declared && fileCommitments > declared.commitmentsPence) {
    const expensesPence = declared.expensesPence - declared.commitmentsPence + fileCommitments;
    const onFile = assessAffordability({
      netIncomePence: declaredMonthlyIncomePence,
      expensesPence,
      instalmentPence: declared.instalmentPence,
    });
    if (!onFile.approved) {
      found.push({
        rule: 'unaffordableOnFileCommitments',
        outcome: R.unaffordableOnFileCommitments.outcome,
        details: {
          fileCommitmentsPence: fileCommitments,
          declaredCommitmentsPence: declared.commitmentsPence,
          leftPence: onFile.leftPence,
          bufferPence: onFile.bufferPence,
        },
        text:
          `not affordable with the credit file's commitments of ${formatPence(fileCommitments)} a month ` +
          `(${formatPence(declared.commitmentsPence)} declared): ${formatPence(onFile.leftPence)} left, ` +
          `buffer ${formatPence(onFile.bufferPence)}`,
      });
    }
  }
  return found.sort((a, b) => (a.outcome === b.outcome ? 0 : a.outcome === 'decline' ? -1 : 1));
}
