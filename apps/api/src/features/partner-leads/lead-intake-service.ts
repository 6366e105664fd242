import { LeadDeclineReason, type PartnerLeadAnswer } from '@lender/contract/calls/partner-lead';
import { londonToday } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import { AppStatus } from '@lender/contract/status';
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import type { DbExecutor } from '../../db/create-db';
import { isUniqueViolation } from '../../db/unique-violation';
import { dailyRateRule } from '../../entities/applications/daily-rate';
import {
  ExistingCustomerCode,
  existingCustomerCheck,
} from '../../entities/applications/decision/checks/existing-customer';
import {
  agencyCounted,
  agencyParticulars,
} from '../../entities/applications/decision/checks/credit-reference';
import { applicationDeclinedEmail } from '../../entities/applications/decision/declined-email';
import {
  newApplicantFacts,
  type DeclaredExpenses,
} from '../../entities/applications/decision/decision-check';
import { decisionFindingsRepository } from '../../entities/applications/decision/decision-findings-repository';
import {
  applicationFindings,
  pipelineOf,
  type DecisionParts,
  findingText,
  type Decision,
} from '../../entities/applications/decision/pipeline';
import type { LoanTerms } from '../../entities/applications/loan-terms';
import type { NewCustomer } from '../../entities/customers/customer-repository';
import type { EntityStore } from '../../entities/unit-of-work';
import { plusSeconds } from '../../lib/clock';
import {
  partnerLeadRepository,
  type Partner,
  type StoredLead,
} from '../../entities/partner-leads/partner-repository';
import { partnerActor } from '../../entities/audit/actor';

/** An accepted lead's landing link lives this long (issue 29); the landing refuses it after (errorID 210). */
export const LANDING_TTL_SECONDS = 72 * 3600;

/** A partner's lead under the server's names, money in pence (post-lead.ts maps the payload). */
export type LeadApplication = {
  partnerLeadId: string;
  customer: NewCustomer;
  terms: LoanTerms;
  productId: number;
  isResident: boolean;
  netMonthlyIncomePence: Pence;
  numDependents: number;
  /** The stage 3 answers when the lead carried them: their expenses for the assessment, the payload kept. */
  stage3: { expenses: DeclaredExpenses; json: string } | null;
  bankAccount: { sortCode: string; accountNumber: string } | null;
};

/**
 * The reason kept with a declined lead (partner_leads.reason, for staff and the report): whether the
 * person is already ours, or the decision step declined their application.
 */
function declineReasonOf(d: Decision): string | null {
  if (!d.declinedBy) return null;
  if (d.declinedBy.check !== existingCustomerCheck.name) return LeadDeclineReason.notEligible;
  return d.declinedBy.reasonCode === ExistingCustomerCode.applicationInProgress
    ? LeadDeclineReason.applicationInProgress
    : LeadDeclineReason.existingCustomer;
}

/**
 * The lead API's rules (issue 29): a lead from a person who is a customer already (by e-mail or mobile) is
 * declined and makes nothing; anyone else becomes a customer with an application, accepted (leadAccepted,
 * for the landing page) when the decision step (pipeline.ts: stage 1's screen at the partner's price and,
 * with the stage 3 answers, the affordability assessment) passes; else declined (leadDeclined) with the
 * reason and the findings recorded. The answer is stored with the lead, so a retry of the same reference
 * gets it again.
 *
 * A partner hears one neutral decline whatever the reason (issue 45): telling it that a person is our
 * customer, has an application with us, or is under 18 told anyone with a key who our customers are.
 * The reason stays ours: the lead's row, the application's decision record, the partner report.
 */
export function leadIntakeService(
  store: EntityStore,
  db: DbExecutor,
  config: Pick<Config, 'PROVIDER_TIERS' | 'PUBLIC_URL'>,
  parts: DecisionParts,
) {
  const dailyRateFor = dailyRateRule(config);
  const leads = partnerLeadRepository;
  const pipeline = pipelineOf(parts, store);

  const answerOf = (lead: StoredLead): PartnerLeadAnswer =>
    lead.decision === 'accepted' && lead.appGuid
      ? {
          decision: 'accepted',
          appGuid: lead.appGuid,
          redirectUrl: `${config.PUBLIC_URL}/loan/lead-provider/${lead.appGuid}`,
          reason: null,
        }
      : // Whatever lead.reason holds, leads stored before issue 45 included.
        { decision: 'declined', appGuid: null, redirectUrl: null, reason: LeadDeclineReason.notEligible };

  /** One transaction: the lead's answer is stored with everything it made, or nothing is. */
  async function decideAndStore(partner: Partner, a: LeadApplication): Promise<StoredLead> {
    const dailyRate = dailyRateFor(partner.tierName);
    const today = londonToday();
    // Decided before the transaction opens: it holds the write lock only for the inserts.
    // Made before the decision: the search names it as the applicant's consent (given to the partner).
    const guid = randomUUID();
    // A partner's lead is an application for a loan now: the search is a hard one.
    const decision = await pipeline.decide(
      newApplicantFacts(
        'partner',
        a,
        dailyRate,
        today,
        a.stage3?.expenses ?? null,
        { guid, customerId: null },
        'application',
      ),
    );
    const reason = declineReasonOf(decision);
    // A decline the agency's file made is told to the applicant, with the agency (s157): the partner
    // hears only the neutral decline.
    const agencyNotice = agencyCounted(decision.declinedBy)
      ? applicationDeclinedEmail(a.customer.firstName, await agencyParticulars(parts.creditReference))
      : null;
    return store.transaction(async ({ customers, applications, bankAccounts, outbox }, trx) => {
      const partnerLeads = leads(trx);
      const base = { partnerId: partner.id, partnerLeadId: a.partnerLeadId };
      if (decision.declinedBy?.check === existingCustomerCheck.name) {
        // Nothing is made for a person who is ours already: the lead's row keeps the reason.
        await partnerLeads.insert({
          ...base,
          decision: 'declined',
          reason,
          applicationId: null,
          stage3Json: null,
          landingExpiresAt: null,
        });
        return { decision: 'declined', reason, appGuid: null };
      }
      const customerId = await customers.insert(a.customer);
      const approved = decision.outcome !== 'decline';
      const applicationId = await applications.insert({
        guid,
        customerId,
        statusId: approved ? AppStatus.leadAccepted : AppStatus.leadDeclined,
        productId: a.productId,
        terms: a.terms,
        dailyRate,
        netMonthlyIncomePence: a.netMonthlyIncomePence,
        numDependents: a.numDependents,
        source: `partner:${partner.name}`,
        campaign: null,
        tierName: partner.tierName,
      });
      await applications.recordDecision({
        applicationId,
        customerId,
        kind: approved ? 'lead-accepted' : 'declined',
        reason: decision.declinedBy
          ? findingText(decision.declinedBy)
          : `lead: ${applicationFindings(decision.findings).map(findingText).join('; ')}`,
        actor: partnerActor(partner.id),
      });
      await decisionFindingsRepository(trx).record(applicationId, decision.findings);
      if (!approved) {
        if (agencyNotice) await outbox.enqueue({ channel: 'email', to: a.customer.email, ...agencyNotice });
        await partnerLeads.insert({
          ...base,
          decision: 'declined',
          reason,
          applicationId,
          stage3Json: null,
          landingExpiresAt: null,
        });
        return { decision: 'declined', reason, appGuid: null };
      }
      if (a.bankAccount) await bankAccounts.insert({ customerId, applicationId, ...a.bankAccount });
      // No e-mail yet: the visitor may never land, and the landing's submit sends the welcome e-mail.
      await partnerLeads.insert({
        ...base,
        decision: 'accepted',
        reason: null,
        applicationId,
        stage3Json: a.stage3?.json ?? null,
        landingExpiresAt: plusSeconds(LANDING_TTL_SECONDS),
      });
      return { decision: 'accepted', reason: null, appGuid: guid };
    });
  }

  return {
    async intake(partner: Partner, a: LeadApplication): Promise<PartnerLeadAnswer> {
      const first = await leads(db).find(partner.id, a.partnerLeadId);
      if (first) return answerOf(first);
      try {
        return answerOf(await decideAndStore(partner, a));
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // The same reference committed by a concurrent post: that answer is the answer.
        const stored = await leads(db).find(partner.id, a.partnerLeadId);
        if (stored) return answerOf(stored);
        // The same person registered meanwhile (another lead, or stage 1): decided again, they are now
        // an existing customer, so nothing of theirs is duplicated.
        return answerOf(await decideAndStore(partner, a));
      }
    },
  };
}

export type LeadIntakeService = ReturnType<typeof leadIntakeService>;
