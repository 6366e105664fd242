import type { Pence } from '@lender/contract/money';
import { AppStatus } from '@lender/contract/status';
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import { isUniqueViolation } from '../../db/unique-violation';
import { londonToday } from '@lender/contract/dates';
import { dailyRateRule } from '../../entities/applications/daily-rate';
import { newApplicantFacts } from '../../entities/applications/decision/decision-check';
import { decisionFindingsRepository } from '../../entities/applications/decision/decision-findings-repository';
import {
  ExistingCustomerCode,
  existingCustomerCheck,
} from '../../entities/applications/decision/checks/existing-customer';
import {
  applicationFindings,
  findingText,
  pipelineOf,
  type Decision,
  type DecisionParts,
} from '../../entities/applications/decision/pipeline';
import type { DeclinedAnswer } from '@lender/contract/calls/credit-reference';
import { agencyCounted, declinedAnswer } from '../../entities/applications/decision/checks/credit-reference';
import type { NewCustomer } from '../../entities/customers/customer-repository';
import type { LoanTerms } from '../../entities/applications/loan-terms';
import type { DbExecutor } from '../../db/create-db';
import type { EntityRepositories, EntityStore } from '../../entities/unit-of-work';
import { applicationDeclinedEmail } from '../../entities/applications/decision/declined-email';
import { sendWelcomeEmail } from './welcome-email';
import { customerActor } from '../../entities/audit/actor';

export type Stage1Application = {
  customer: NewCustomer;
  terms: LoanTerms;
  productId: number;
  isResident: boolean;
  netMonthlyIncomePence: Pence;
  numDependents: number;
  source: string | null;
  campaign: string | null;
  tierName: string | null;
};

export type Stage1Outcome =
  | { kind: 'approved'; tokens: { token: string; refreshToken: string } }
  | { kind: 'declined'; answer: DeclinedAnswer }
  | { kind: 'applicationInProgress' }
  | { kind: 'emailRegistered' }
  | { kind: 'mobileRegistered' };

type Clash = Extract<
  Stage1Outcome,
  { kind: 'applicationInProgress' | 'emailRegistered' | 'mobileRegistered' }
>;

/** The existing-customer check's declines, as stage 1 answers them. */
const CLASHES: Record<string, Clash> = {
  [ExistingCustomerCode.applicationInProgress]: { kind: 'applicationInProgress' },
  [ExistingCustomerCode.emailRegistered]: { kind: 'emailRegistered' },
  [ExistingCustomerCode.mobileRegistered]: { kind: 'mobileRegistered' },
};
const clashOf = (d: Pick<Decision, 'declinedBy'>): Clash | null =>
  d.declinedBy?.check === existingCustomerCheck.name ? (CLASHES[d.declinedBy.reasonCode] ?? null) : null;

/**
 * Stage1: the applicant becomes a customer (no password yet) with an application in status
 * applicationNew, in one transaction with the welcome e-mail and their session. An e-mail or mobile
 * already registered answers which one, or that its customer has an application in progress. The
 * decision is the decision step's (pipeline.ts); a decline is recorded with its reason and every
 * check's findings.
 */
export function stage1Service(
  store: EntityStore,
  config: Pick<Config, 'PROVIDER_TIERS' | 'PUBLIC_URL'>,
  parts: DecisionParts,
) {
  const dailyRateFor = dailyRateRule(config);
  const pipeline = pipelineOf(parts, store);

  async function register(
    repositories: EntityRepositories,
    trx: DbExecutor,
    guid: string,
    a: Stage1Application,
    dailyRate: number,
    decision: Decision,
    /** The decline's answer, told by e-mail too (with the agency when it counted). */
    declined: DeclinedAnswer | null,
  ) {
    const { customers, applications, sessions } = repositories;
    const approved = decision.outcome !== 'decline';
    const customerId = await customers.insert(a.customer);
    const applicationId = await applications.insert({
      guid,
      customerId,
      statusId: approved ? AppStatus.applicationNew : AppStatus.leadDeclined,
      productId: a.productId,
      terms: a.terms,
      dailyRate,
      netMonthlyIncomePence: a.netMonthlyIncomePence,
      numDependents: a.numDependents,
      source: a.source,
      campaign: a.campaign,
      tierName: a.tierName,
    });
    await applications.recordDecision({
      applicationId,
      customerId,
      kind: approved ? 'stage1-passed' : 'declined',
      reason: decision.declinedBy
        ? findingText(decision.declinedBy)
        : applicationFindings(decision.findings).map(findingText).join('; '),
      actor: customerActor(customerId),
    });
    await decisionFindingsRepository(trx).record(applicationId, decision.findings);
    if (!approved) {
      const counted = agencyCounted(decision.declinedBy);
      await repositories.outbox.enqueue({
        channel: 'email',
        to: a.customer.email,
        ...applicationDeclinedEmail(
          a.customer.firstName,
          counted ? declined?.creditReferenceAgency : undefined,
        ),
      });
      return null;
    }
    await sendWelcomeEmail(repositories, config.PUBLIC_URL, {
      customerId,
      email: a.customer.email,
      firstName: a.customer.firstName,
      amountPence: a.terms.amountPence,
    });
    // Issued in the same transaction: an acknowledged application always has its session.
    return sessions.issue(customerId);
  }

  return {
    async submit(a: Stage1Application): Promise<Stage1Outcome> {
      const dailyRate = dailyRateFor(a.tierName);
      const today = londonToday();
      // Made before the decision: the soft search names it as the applicant's consent.
      const guid = randomUUID();
      const facts = newApplicantFacts(
        'new',
        a,
        dailyRate,
        today,
        null,
        { guid, customerId: null },
        'quotation',
      );
      // Decided before the transaction opens: it holds the write lock only for the inserts.
      const decision = await pipeline.decide(facts);
      const clash = clashOf(decision);
      if (clash) return clash;
      const declined =
        decision.outcome === 'decline'
          ? await declinedAnswer(parts.creditReference, agencyCounted(decision.declinedBy))
          : null;
      try {
        const tokens = await store.transaction((repositories, trx) =>
          register(repositories, trx, guid, a, dailyRate, decision, declined),
        );
        if (tokens) return { kind: 'approved', tokens };
        return { kind: 'declined', answer: declined ?? { creditReferenceAgency: null } };
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // A submission with the same e-mail or mobile committed between our lookup and our insert: the
        // same check now sees it, so this one gets the answer it would have had a moment later.
        const [found] = await existingCustomerCheck.run(facts, {
          records: store,
          creditReference: parts.creditReference,
        });
        const clashNow = found?.outcome === 'decline' ? clashOf({ declinedBy: found }) : null;
        if (!clashNow) throw err;
        return clashNow;
      }
    },
  };
}

export type Stage1Service = ReturnType<typeof stage1Service>;
