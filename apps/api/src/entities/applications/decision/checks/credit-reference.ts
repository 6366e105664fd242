import type {
  AgencyParticulars,
  CreditReferenceAgency,
  CreditReport,
} from '../../../../lib/credit-reference/credit-reference-agency';
import type { DeclinedAnswer } from '@lender/contract/calls/credit-reference';
import { craAddress } from '../../../../lib/credit-reference/cra-address';
import { agencyCommitmentsPence, creditFileBreaches } from '../credit-file-rules';
import type { ApplicationFacts, DecisionCheck, DecisionServices, Finding } from '../decision-check';
import { largestInstalmentPence } from '../quote-figures';

export const CREDIT_REFERENCE_CHECK = 'credit-reference';

/** The finding's code when the agency gave no answer in time: referred, never declined (issue 47). */
export const AGENCY_UNAVAILABLE = 'agencyUnavailable';

/** The agency's particulars, asked once per process (they change with a contract, not a request). */
const particularsOf = new WeakMap<CreditReferenceAgency, AgencyParticulars>();
export async function agencyParticulars(agency: CreditReferenceAgency): Promise<AgencyParticulars | null> {
  const known = particularsOf.get(agency);
  if (known) return known;
  const answer = await agency.agencyParticulars();
  if ('outcome' in answer) return null;
  particularsOf.set(agency, answer);
  return answer;
}

/** The search of the applicant's file this decision makes, or the report of one made in the last 30 days. */
async function reportFor(
  facts: ApplicationFacts,
  { records, creditReference }: DecisionServices,
): Promise<{ report: CreditReport; reused: boolean } | null> {
  const who = { customerId: facts.application.customerId, applicationGuid: facts.application.guid };
  // A new applicant (no customer yet, a guid made for this decision) has no report to reuse: no query.
  const kept =
    who.customerId === null
      ? null
      : await records.creditSearches.reusable(who, facts.creditSearch, facts.today);
  if (kept) return { report: kept, reused: true };
  const { applicant, application, terms } = facts;
  const answer = await creditReference.search({
    type: facts.creditSearch,
    applicant: {
      firstName: applicant.firstName,
      lastName: applicant.lastName,
      birthDate: applicant.birthDate,
      addresses: [craAddress(applicant.address)],
    },
    amountPence: terms.amountPence,
    // A short-term loan (period 0 in the products' terms) runs about a month.
    termMonths: Math.max(1, terms.period),
    consentReference: `${application.guid}:${facts.creditSearch}`,
  });
  const agency = (await agencyParticulars(creditReference))?.name ?? 'credit reference agency';
  const base = {
    applicationGuid: application.guid,
    type: facts.creditSearch,
    agency,
    searchedOn: facts.today,
  };
  if (answer.outcome === 'unavailable') {
    await records.creditSearches.record({ ...base, outcome: 'unavailable' });
    return null;
  }
  await records.creditSearches.record({ ...base, outcome: 'report', report: answer.report });
  return { report: answer.report, reused: false };
}

/**
 * The applicant's credit file (issue 47, CONC 5.2A): a soft search before a quote, a hard one before an
 * agreement (`facts.creditSearch`), each finding naming the report it read. What declines or refers is
 * `CREDIT_FILE_RULES`; an agency that does not answer refers, and underwriting asks again.
 */
export const creditReferenceCheck: DecisionCheck = {
  name: CREDIT_REFERENCE_CHECK,
  readsTerms: false,
  async run(facts, services): Promise<Finding[]> {
    const found = await reportFor(facts, services);
    const searchType = facts.creditSearch;
    if (!found) {
      return [
        {
          check: CREDIT_REFERENCE_CHECK,
          outcome: 'refer',
          reasonCode: AGENCY_UNAVAILABLE,
          details: { searchType },
          text: `no answer from the credit reference agency (${searchType} search)`,
        },
      ];
    }
    const { report, reused } = found;
    const reference = report.reference;
    const declared =
      facts.expensesPence !== null && facts.declaredCommitmentsPence !== null
        ? {
            expensesPence: facts.expensesPence,
            commitmentsPence: facts.declaredCommitmentsPence,
            instalmentPence: largestInstalmentPence(facts.quote),
          }
        : null;
    const breaches = creditFileBreaches(report, facts.netMonthlyIncomePence, facts.today, declared);
    if (breaches.length === 0) {
      return [
        {
          check: CREDIT_REFERENCE_CHECK,
          outcome: 'pass',
          reasonCode: 'clear',
          details: {
            reference,
            searchType,
            reused,
            score: report.score?.value ?? null,
            commitmentsPence: agencyCommitmentsPence(report),
          },
          text: `credit file clear (${reference})`,
        },
      ];
    }
    return breaches.map((b) => ({
      check: CREDIT_REFERENCE_CHECK,
      outcome: b.outcome,
      reasonCode: b.rule,
      details: { ...b.details, reference, searchType, reused },
      text: `${b.text} (${reference})`,
    }));
  },
};

/** Whether information from the agency counted in this decline (Consumer Credit Act s157). */
export const agencyCounted = (declinedBy: Pick<Finding, 'check'> | null) =>
  declinedBy?.check === CREDIT_REFERENCE_CHECK;

/**
 * The `object` of a declined answer (Consumer Credit Act s157): the agency's particulars when its
 * information counted in the decline, so the applicant can ask it for their file; else null.
 */
export async function declinedAnswer(
  agency: CreditReferenceAgency,
  counted: boolean,
): Promise<DeclinedAnswer> {
  return { creditReferenceAgency: counted ? await agencyParticulars(agency) : null };
}
