import { LeadDeclineReason, type PartnerLeadAnswer } from '@lender/contract/calls/partner-lead';
import { formatPence, type Pence } from '@lender/contract/money';
import { buildQuote } from '@lender/contract/pricing/quote';
import { AppStatus } from '@lender/contract/status';
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import type { DbExecutor } from '../../db/create-db';
import { isUniqueViolation } from '../../db/unique-violation';
import { assessAffordability } from '../../entities/affordability/assess-affordability';
import { isEnded } from '../../entities/applications/application-status';
import { dailyRateRule } from '../../entities/applications/daily-rate';
import type { LoanTerms } from '../../entities/applications/loan-terms';
import { screenApplicant, type ScreenResult } from '../../entities/applications/stage1-screen';
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
  stage3: { expensesPence: Pence; json: string } | null;
  bankAccount: { sortCode: string; accountNumber: string } | null;
};

type Screening = { approved: true; reason: string } | { approved: false; reason: string };

/**
 * The lead API's rules (issue 29): a lead from a person who is a customer already (by e-mail or mobile) is
 * declined with its reason and makes nothing; anyone else becomes a customer with an application, accepted
 * (leadAccepted, for the landing page) when stage 1's screen passes at the partner's price and, with the
 * stage 3 answers, the affordability assessment passes too; else declined (leadDeclined) with the reason
 * recorded. The answer is stored with the lead, so a retry of the same reference gets it again.
 */
export function leadIntakeService(
  store: EntityStore,
  db: DbExecutor,
  config: Pick<Config, 'PROVIDER_TIERS' | 'PUBLIC_URL'>,
) {
  const dailyRateFor = dailyRateRule(config);
  const leads = partnerLeadRepository;

  const answerOf = (lead: StoredLead): PartnerLeadAnswer =>
    lead.decision === 'accepted' && lead.appGuid
      ? {
          decision: 'accepted',
          appGuid: lead.appGuid,
          redirectUrl: `${config.PUBLIC_URL}/loan/lead-provider/${lead.appGuid}`,
          reason: null,
        }
      : { decision: 'declined', appGuid: null, redirectUrl: null, reason: lead.reason };

  /** An existing customer's reason, as stage 1 tells them apart; null for a new person. */
  async function existingCustomerReason(c: Pick<NewCustomer, 'email' | 'mobile'>) {
    const existing = await store.customers.findByEmailOrMobile(c.email, c.mobile);
    if (existing.length === 0) return null;
    const statuses = await store.applications.statusesOf(existing.map((e) => e.id));
    return statuses.some((s) => !isEnded(s))
      ? LeadDeclineReason.applicationInProgress
      : LeadDeclineReason.existingCustomer;
  }

  /** Stage 1's screen at the partner's price, then the stage 3 assessment at the asked terms when given. */
  function screen(a: LeadApplication, dailyRate: number): Screening {
    const first: ScreenResult = screenApplicant({
      birthDate: a.customer.birthDate,
      isResident: a.isResident,
      terms: a.terms,
      netMonthlyIncomePence: a.netMonthlyIncomePence,
      dailyRate,
    });
    if (!first.approved) return first;
    if (!a.stage3) return { approved: true, reason: 'lead: first screen passed' };
    // As stage 3 assesses it: the largest instalment of the quote the pricing engine gives today.
    const quote = buildQuote({ ...a.terms, dailyRate });
    const instalmentPence = Math.max(...quote.schedule.map((line) => line.paymentPence));
    const netIncomePence = a.netMonthlyIncomePence;
    const expensesPence = a.stage3.expensesPence;
    const assessment = assessAffordability({ netIncomePence, expensesPence, instalmentPence });
    const figures =
      `affordability: net ${formatPence(netIncomePence)} - expenses ${formatPence(expensesPence)} - ` +
      `instalment ${formatPence(instalmentPence)} = ${formatPence(assessment.leftPence)} left, ` +
      `buffer ${formatPence(assessment.bufferPence)}`;
    return assessment.approved
      ? { approved: true, reason: `lead: first screen passed; ${figures}` }
      : { approved: false, reason: figures };
  }

  /** One transaction: the lead's answer is stored with everything it made, or nothing is. */
  async function decideAndStore(partner: Partner, a: LeadApplication): Promise<StoredLead> {
    const known = await existingCustomerReason(a.customer);
    // Screened before the transaction opens (pure and quick): it holds the write lock only for the inserts.
    const dailyRate = dailyRateFor(partner.tierName);
    const screening = screen(a, dailyRate);
    return store.transaction(async ({ customers, applications, bankAccounts }, trx) => {
      const partnerLeads = leads(trx);
      const base = { partnerId: partner.id, partnerLeadId: a.partnerLeadId };
      if (known) {
        await partnerLeads.insert({
          ...base,
          decision: 'declined',
          reason: known,
          applicationId: null,
          stage3Json: null,
          landingExpiresAt: null,
        });
        return { decision: 'declined', reason: known, appGuid: null };
      }
      const customerId = await customers.insert(a.customer);
      const guid = randomUUID();
      const applicationId = await applications.insert({
        guid,
        customerId,
        statusId: screening.approved ? AppStatus.leadAccepted : AppStatus.leadDeclined,
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
        kind: screening.approved ? 'lead-accepted' : 'declined',
        reason: screening.reason,
        actor: partnerActor(partner.id),
      });
      if (!screening.approved) {
        await partnerLeads.insert({
          ...base,
          decision: 'declined',
          reason: LeadDeclineReason.notEligible,
          applicationId,
          stage3Json: null,
          landingExpiresAt: null,
        });
        return { decision: 'declined', reason: LeadDeclineReason.notEligible, appGuid: null };
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
