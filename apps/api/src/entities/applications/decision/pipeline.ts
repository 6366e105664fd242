import { affordabilityCheck } from './checks/affordability';
import { bankStatementCheck } from './checks/bank-statement';
import { combinedCostCheck } from './checks/combined-cost';
import { defaultsCheck } from './checks/defaults';
import { existingCustomerCheck } from './checks/existing-customer';
import { loansIn12MonthsCheck } from './checks/loans-in-12-months';
import { creditReferenceCheck } from './checks/credit-reference';
import { screenCheck } from './checks/screen';
import type { CreditReferenceAgency } from '../../../lib/credit-reference/credit-reference-agency';
import type { ApplicationFacts, DecisionCheck, DecisionServices, Finding, Outcome } from './decision-check';

/**
 * The one decision step (issue 44): every application, new, repeat or a partner's lead, is decided by
 * these checks in this order. Adding a check is a file in checks/ and a line here. Cheap checks of our
 * own records come first, so an outside search (credit reference, open banking) is never made for an
 * application already declined.
 */
export const DECISION_CHECKS: readonly DecisionCheck[] = [
  existingCustomerCheck,
  screenCheck,
  affordabilityCheck,
  loansIn12MonthsCheck,
  combinedCostCheck,
  defaultsCheck,
  bankStatementCheck,
  creditReferenceCheck,
];

/** What a service needs to decide applications: the checks, and the outside services they consult. */
export type DecisionParts = { checks: readonly DecisionCheck[]; creditReference: CreditReferenceAgency };

/** The pipeline of `checks` (all of `parts`' by default) over a service's own records. */
export const pipelineOf = (
  parts: DecisionParts,
  records: DecisionServices['records'],
  checks: readonly DecisionCheck[] = parts.checks,
) => decisionPipeline(checks, { records, creditReference: parts.creditReference });

/**
 * The checks made again just before an agreement exists (stage 4): the credit file, with a hard search
 * now that the applicant has chosen to go ahead (a soft one gave the quote).
 */
export const checksBeforeAgreement = (checks: readonly DecisionCheck[]) =>
  checks.filter((c) => c.name === creditReferenceCheck.name);

export type Decision = {
  outcome: Outcome;
  /** Every finding of the checks that ran, in their order. */
  findings: Finding[];
  /** The finding that declined it: the last one found, as nothing runs after a decline. */
  declinedBy: Finding | null;
};

/**
 * Runs the checks in order and stops at the first decline. A referral does not stop it: the application
 * goes on, and the person who looks at it later reads why.
 */
export function decisionPipeline(checks: readonly DecisionCheck[], services: DecisionServices) {
  return {
    async decide(facts: ApplicationFacts): Promise<Decision> {
      const findings: Finding[] = [];
      for (const check of checks) {
        const found = await check.run(facts, services);
        findings.push(...found);
        const declinedBy = found.find((f) => f.outcome === 'decline');
        if (declinedBy) return { outcome: 'decline', findings, declinedBy };
      }
      const outcome = findings.some((f) => f.outcome === 'refer') ? 'refer' : 'pass';
      return { outcome, findings, declinedBy: null };
    },
  };
}

export type DecisionPipeline = ReturnType<typeof decisionPipeline>;

/**
 * The checks that decide an application again when its terms change after it was decided (a partner's
 * lead re-priced on its landing page), in the same order: the same rules as the first decision, without
 * those about the person alone, which were answered when the application was made.
 */
export const checksOnNewTerms = (checks: readonly DecisionCheck[]) => checks.filter((c) => c.readsTerms);

/**
 * A finding as the decision record's reason words it: the first screen's own words (as stage 1 has
 * always recorded them, e.g. `under-age: 17`), any other check's after its name.
 */
export const findingText = (f: Finding) => (f.check === screenCheck.name ? f.text : `${f.check}: ${f.text}`);

/** The checks that were about this application itself (not whether the person is already ours). */
export const applicationFindings = (findings: readonly Finding[]) =>
  findings.filter((f) => f.check !== existingCustomerCheck.name);
