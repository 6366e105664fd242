import { londonToday } from '@lender/contract/dates';
import type { Customer } from '../../customers/customer-repository';
import type { Application } from '../application-repository';
import { newApplicantFacts, type DecisionServices } from './decision-check';
import { checksBeforeAgreement, pipelineOf, type Decision, type DecisionParts } from './pipeline';

/**
 * The hard search of the applicant's credit file before an agreement (issue 47), by the decision step's
 * checks made then: at stage 4, and again at underwriting when the agency did not answer the first time.
 * A report of the last 30 days is reused, so asking again makes no second footprint.
 */
export const searchBeforeAgreement = (
  parts: DecisionParts,
  records: DecisionServices['records'],
  application: Application,
  customer: Customer,
): Promise<Decision> =>
  pipelineOf(parts, records, checksBeforeAgreement(parts.checks)).decide(
    newApplicantFacts(
      'new',
      {
        customer,
        isResident: true,
        terms: application.terms,
        netMonthlyIncomePence: application.netMonthlyIncomePence,
      },
      application.dailyRate,
      londonToday(),
      null,
      { guid: application.guid, customerId: customer.id },
      'application',
    ),
  );
