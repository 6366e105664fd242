import { timingSafeEqual } from 'node:crypto';
import { cardRefusalText } from '@lender/contract/card-refusals';
import type { LeadLanded } from '@lender/contract/calls/lead-provider';
import { LeadEvent } from '@lender/contract/lead-events';
import { clampLoadedPeriod, ProductId } from '@lender/contract/constants';
import { penceToPounds } from '@lender/contract/money';
import { buildQuote } from '@lender/contract/pricing/quote';
import { Refusal } from '@lender/contract/refusals';
import type { AppContext } from '../../app-context';
import type { DbExecutor } from '../../db/create-db';
import { assessApplication } from '../../entities/affordability/assess-affordability';
import type { Application } from '../../entities/applications/application-repository';
import { ApplicationStep } from '../../entities/applications/application-steps';
import type { LoanTerms } from '../../entities/applications/loan-terms';
import { isOpenFor, transition, type DecisionNote, type Step } from '../../entities/applications/transition';
import { entityRepositories, unitOfWork } from '../../entities/unit-of-work';
import type { CardProvider } from '../../lib/card-provider/card-provider';
import { randomToken, sha256 } from '../../lib/secrets';
import type { TokenPair } from '../../lib/sessions/session-store';
import { leadRepository, type Lead } from '../../entities/partner-leads/lead-repository';
import { customerActor } from '../../entities/audit/actor';
import { agencyCommitmentsPence } from '../../entities/applications/decision/credit-file-rules';
import { newApplicantFacts } from '../../entities/applications/decision/decision-check';
import { checksOnNewTerms, pipelineOf, findingText } from '../../entities/applications/decision/pipeline';
import { londonToday } from '@lender/contract/dates';
import { landingCodeMessage } from './landing-messages';
import type {
  LandingParts,
  LandedSubmission,
  LandingOutcome,
  LeadQuote,
  SubmitOutcome,
  SendCodeOutcome,
  VerifyCodeOutcome,
  EventOutcome,
} from './landing-outcomes';

/** A lead that moved on while a request was deciding: its transaction is undone and the answer is 210. */
class LandingClosed extends Error {}

/** The statuses of a landed lead that waits for its submit (a declined card may be tried again). */
const LANDED = ApplicationStep.declineLandedCard;

/**
 * The landing page of a partner's accepted lead (issue 29, docs/decisions/030): its link opens once, in
 * one browser session (a cookie whose hash the lead keeps), for 72 hours; the visitor re-prices the loan
 * at the partner's rate and gives a card, which the provider confirms as at stage 2; the application then
 * goes as far as the partner's data take it (stage 3, stage 4 or e-sign).
 */
export function landingService(
  ctx: Pick<AppContext, 'config' | 'db' | 'outbox' | 'sessions'>,
  provider: Pick<CardProvider, 'confirm'>,
  parts: LandingParts,
) {
  const entities = entityRepositories(ctx);
  const repositoriesOf = (db: DbExecutor) => ({ ...entities(db), leads: leadRepository(db) });
  const store = unitOfWork(ctx.db, repositoriesOf);
  const publicUrl = ctx.config.PUBLIC_URL;
  const onNewTerms = pipelineOf(parts.decision, store, checksOnNewTerms(parts.decision.checks));

  /** The lead and its application while its link lives; undefined for an unknown or expired one. */
  async function openLead(guid: string): Promise<{ lead: Lead; application: Application } | undefined> {
    const lead = await store.leads.findByGuid(guid);
    if (!lead || !lead.expiresAt || Date.parse(lead.expiresAt) <= Date.now()) return undefined;
    // The stages work on a customer's newest application: a lead's customer is new, so it is this one.
    const application = await store.applications.latest(lead.customerId);
    return application?.id === lead.applicationId ? { lead, application } : undefined;
  }

  const isThisBrowser = (lead: Lead, cookie: string | null) => {
    if (cookie === null || lead.sessionHash === null) return false;
    const given = Buffer.from(sha256(cookie), 'hex');
    const kept = Buffer.from(lead.sessionHash, 'hex');
    return given.length === kept.length && timingSafeEqual(given, kept);
  };

  /** A landed lead still waiting for its submit (a proof, a card). */
  const waits = (lead: Lead, application: Application) =>
    isOpenFor(LANDED, application.statusId) && lead.submittedAt === null;

  /**
   * A landed lead still waiting for its submit, opened from the browser that proved it is the
   * applicant's (issue 45): the link alone opens nothing beyond the first name.
   */
  const waitsForThisBrowser = (lead: Lead, application: Application, cookie: string | null) =>
    waits(lead, application) && lead.provenAt !== null && isThisBrowser(lead, cookie);

  /** A landed lead no browser has proved yet, asked from a browser holding a landing cookie. */
  const waitsForProof = (lead: Lead, application: Application, cookie: string | null) =>
    waits(lead, application) && lead.provenAt === null && cookie !== null;

  /**
   * `transition`, with false also when `work` found the landing closed (its transaction undone). The
   * customer the lead was made for acts: they opened the page and submitted it.
   */
  async function step(
    application: Application,
    to: Step,
    note: Omit<DecisionNote, 'actor'>,
    work: (repositories: ReturnType<typeof repositoriesOf>, trx: DbExecutor) => Promise<unknown>,
  ): Promise<boolean> {
    try {
      const decision = { ...note, actor: customerActor(application.customerId) };
      return await transition(store, application, to, decision, work);
    } catch (err) {
      if (err instanceof LandingClosed) return false;
      throw err;
    }
  }

  async function answerOf(application: Application, identityConfirmed: boolean): Promise<LeadLanded> {
    const customer = await store.customers.findById(application.customerId);
    const { terms } = application;
    return {
      // The first name, as the welcome e-mail greets: the link is public, so it shows no more of the person.
      name: customer?.firstName ?? '',
      amount: penceToPounds(terms.amountPence),
      period: clampLoadedPeriod(terms.period),
      wageFrequency: terms.wageFrequencyId,
      repaymentDate: terms.repaymentDate,
      identityConfirmed,
    };
  }

  /** The engine's price of these terms at the application's (the partner tier's) daily rate. */
  const priceOf = (application: Application, terms: LoanTerms) =>
    buildQuote({ ...terms, dailyRate: application.dailyRate });

  return {
    /**
     * LeadProvider/LeadLanded: the first opening lands the lead. Until a browser proves it is the
     * applicant's (issue 45), any browser holding the link sees the loan and the first name only, and
     * gets a landing cookie to prove with; once one has, the lead is that browser's alone (a reload
     * works, another browser gets 210).
     */
    async land(guid: string, cookie: string | null): Promise<LandingOutcome> {
      let opened = await openLead(guid);
      if (!opened) return { kind: 'closed' };
      if (isOpenFor(ApplicationStep.landLead, opened.application.statusId) && opened.lead.landedAt === null) {
        const { lead, application } = opened;
        const decision = { kind: 'lead-landed', reason: 'landing page opened' };
        // Two first openings at once: one lands it, and the other reads it landed below.
        await step(application, ApplicationStep.landLead, decision, async ({ leads }) => {
          if (!(await leads.markLanded(lead.id))) throw new LandingClosed();
        });
        opened = await openLead(guid);
        if (!opened) return { kind: 'closed' };
      }
      const { lead, application } = opened;
      if (!waits(lead, application)) return { kind: 'closed' };
      if (lead.provenAt !== null) {
        return isThisBrowser(lead, cookie)
          ? { kind: 'landed', answer: await answerOf(application, true), newCookie: null }
          : { kind: 'closed' };
      }
      return {
        kind: 'landed',
        answer: await answerOf(application, false),
        newCookie: cookie === null ? randomToken() : null,
      };
    },

    /**
     * LeadProvider/SendLandingCode: a code to the lead's own mobile or e-mail, which only the applicant
     * reads; limited as e-sign's SMS code (a cooldown and a day's cap), so the link cannot flood them.
     */
    async sendCode(guid: string, cookie: string | null, via: 'sms' | 'email'): Promise<SendCodeOutcome> {
      const opened = await openLead(guid);
      if (!opened || !waitsForProof(opened.lead, opened.application, cookie)) return { kind: 'closed' };
      const customer = await store.customers.findById(opened.application.customerId);
      if (!customer) return { kind: 'closed' };
      return parts.codes.send(opened.application.id, (code) =>
        landingCodeMessage(via, customer, code, parts.codes.ttlMinutes),
      );
    },

    /**
     * LeadProvider/VerifyLandingCode: the applicant's code binds the lead to this browser, once; from
     * then on it may be submitted, and only from here.
     */
    async verifyCode(guid: string, cookie: string | null, code: string): Promise<VerifyCodeOutcome> {
      const opened = await openLead(guid);
      if (!opened || cookie === null || !waitsForProof(opened.lead, opened.application, cookie)) {
        return { kind: 'closed' };
      }
      const { lead, application } = opened;
      const result = await parts.codes.check(application.id, code);
      if (result.check !== 'valid') {
        return { kind: 'invalid', check: result.check, customerId: application.customerId };
      }
      try {
        await store.transaction(async ({ leads }, trx) => {
          // The code is used up with the binding or not at all; a browser that proved first wins.
          if (!(await result.use(trx)) || !(await leads.markProven(lead.id, sha256(cookie)))) {
            throw new LandingClosed();
          }
        });
      } catch (err) {
        if (err instanceof LandingClosed) return { kind: 'closed' };
        throw err;
      }
      return { kind: 'proven' };
    },

    /**
     * LeadProvider/GetQuote: a public price list for a landed lead, changing nothing, so it needs no
     * cookie (the page may ask before its cookie is stored).
     */
    async quote(guid: string, terms: LoanTerms): Promise<LeadQuote> {
      const opened = await openLead(guid);
      if (!opened || !isOpenFor(LANDED, opened.application.statusId) || opened.lead.submittedAt !== null) {
        return { kind: 'closed' };
      }
      return { kind: 'quote', price: priceOf(opened.application, terms) };
    },

    /** LeadProvider/SubmitLandedLead: the visitor's terms and card, from the browser that landed. */
    async submit(guid: string, cookie: string | null, s: LandedSubmission): Promise<SubmitOutcome> {
      const opened = await openLead(guid);
      if (!opened) return { kind: 'closed' };
      // No card check, session, signing link or detail of the person before the applicant's proof.
      if (waits(opened.lead, opened.application) && opened.lead.provenAt === null) {
        return { kind: 'proofNeeded' };
      }
      if (!waitsForThisBrowser(opened.lead, opened.application, cookie)) return { kind: 'closed' };
      const { lead, application } = opened;
      const customer = await store.customers.findById(application.customerId);
      if (!customer) return { kind: 'closed' };

      // The visitor's terms, priced at the application's rate, are decided again by the decision step's
      // checks that read terms (the person was decided when the partner sent the lead).
      const price = priceOf(application, s.terms);
      const terms = { ...s.terms, repaymentDate: price.repaymentDate };
      const onTerms = await onNewTerms.decide(
        newApplicantFacts(
          'partner',
          { customer, isResident: true, terms, netMonthlyIncomePence: application.netMonthlyIncomePence },
          application.dailyRate,
          londonToday(),
          // Stage 3's own assessment follows the card below, recorded as stage 3 records it.
          null,
          { guid: application.guid, customerId: application.customerId },
          // No check that reads terms searches the credit file: the lead's search was made at intake.
          'application',
        ),
      );
      if (onTerms.declinedBy) {
        const declined = await step(
          application,
          ApplicationStep.declineLandedLead,
          { kind: 'declined', reason: `landing terms: ${findingText(onTerms.declinedBy)}` },
          async ({ leads }) => {
            if (!(await leads.markSubmitted(lead.id))) throw new LandingClosed();
          },
        );
        return declined ? { kind: 'declined' } : { kind: 'closed' };
      }

      // The bank's challenge returns the browser to the landing page (ours, never the page's choice).
      const returnUrl = new URL(`/loan/lead-provider/${guid}`, publicUrl).toString();
      // Another customer's card check is refused before the provider would answer its card (issue 45).
      if (!(await store.cards.claimCheck(s.trxId, customer.id))) {
        return { kind: 'cardDeclined', message: Refusal.cardCheckNotYours.errorMessage };
      }
      const answer = await provider.confirm({ key: s.pKey, trxId: s.trxId, returnUrl });
      switch (answer.outcome) {
        case 'unavailable':
          return { kind: 'unavailable' };
        case 'challenge':
          return {
            kind: 'challenge',
            statusId: application.statusId,
            guid,
            redirectUrl: answer.redirectUrl,
          };
        case 'declined': {
          // The customer reads plain words and a next step; staff read the provider's own text.
          const message = cardRefusalText(answer.z2);
          const recorded = await step(
            application,
            ApplicationStep.declineLandedCard,
            { kind: 'card-declined', reason: `provider z2 ${answer.z2}: ${answer.z3 || 'no text'}` },
            async ({ leads }) => {
              if (!(await leads.holdOpen(lead.id))) throw new LandingClosed();
            },
          );
          return recorded ? { kind: 'cardDeclined', message } : { kind: 'closed' };
        }
        case 'approved':
          break;
      }
      const { card } = answer;

      const details = lead.stage3Json ? parts.affordabilityOf(lead.stage3Json) : null;
      const report = details ? await store.creditSearches.latestReportOf(application.guid) : null;
      const assessed = details
        ? assessApplication(
            { ...application, terms, dailyRate: application.dailyRate },
            details,
            report ? agencyCommitmentsPence(report) : null,
          )
        : null;
      const bankGiven = await store.bankAccounts.givenFor(application.id);
      const to = !details
        ? ApplicationStep.acceptLandedCard
        : !assessed?.approved
          ? ApplicationStep.declineLandedLead
          : bankGiven
            ? ApplicationStep.acceptLandedCardReadyToSign
            : ApplicationStep.acceptLandedCardForBankDetails;
      const cardDecision = {
        kind: 'card-accepted',
        reason: `landing: card ending ${card.last4}, fingerprint ${s.fingerprinted ? 'answered' : 'not answered'}`,
      };

      let signingToken: string | null = null;
      let tokens: TokenPair | null = null;
      const decision = assessed?.decision ?? cardDecision;
      const moved = await step(application, to, decision, async (repos, trx) => {
        if (!(await repos.leads.markSubmitted(lead.id))) throw new LandingClosed();
        // The terms chosen on the page are the quote accepted: e-sign prices the agreements from them.
        await repos.applications.storeQuote(application.id, {
          terms,
          productId: terms.period === 1 ? ProductId.shortTerm : ProductId.longTerm,
          totalRepayablePence: price.totalRepayablePence,
          instalmentPence: price.instalmentPence,
          aprPercent: price.aprPercent,
        });
        await repos.cards.insert({
          customerId: customer.id,
          applicationId: application.id,
          providerToken: card.token,
          providerTrxId: s.trxId,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
          holderName: card.holder,
          billing: s.billing,
        });
        if (details && assessed) {
          // The card first, then the assessment the move is decided by (the transition records it).
          await repos.applications.recordDecision({
            applicationId: application.id,
            customerId: customer.id,
            ...cardDecision,
            actor: customerActor(customer.id),
          });
          await repos.affordability.insert({
            applicationId: application.id,
            details,
            ...assessed.figures,
            approved: assessed.approved,
          });
          await repos.customers.updateHousing(customer.id, details);
        }
        if (to === ApplicationStep.declineLandedLead) return;
        await parts.sendWelcomeEmail(repos, publicUrl, {
          customerId: customer.id,
          email: customer.email,
          firstName: customer.firstName,
          amountPence: terms.amountPence,
        });
        if (to === ApplicationStep.acceptLandedCardReadyToSign) {
          await parts.startSigning(trx, guid);
          // This browser's own link: the page goes straight to e-sign, without a session.
          signingToken = await parts.issueSigningLink(trx, application.id);
        } else {
          tokens = await repos.sessions.issue(customer.id);
        }
      });
      if (!moved) return { kind: 'closed' };
      if (to === ApplicationStep.declineLandedLead) return { kind: 'declined' };
      return { kind: 'submitted', statusId: to.to, guid, signingToken, tokens };
    },

    /**
     * LeadProvider/LeadLandedEvent: stored once per lead, session and event, and only after the session's
     * 'loaded'; a lead that has not landed (or whose link expired) takes none.
     */
    async event(
      guid: string,
      e: { eventId: number; sessionId: string; data: string | null },
    ): Promise<EventOutcome> {
      const lead = await store.leads.findByGuid(guid);
      if (!lead || lead.landedAt === null || !lead.expiresAt || Date.parse(lead.expiresAt) <= Date.now()) {
        return 'closed';
      }
      if (
        e.eventId !== LeadEvent.loaded &&
        !(await store.leads.hasEvent(lead.id, e.sessionId, LeadEvent.loaded))
      ) {
        return 'beforeLoaded';
      }
      await store.leads.insertEvent({ leadId: lead.id, ...e });
      return 'stored';
    },
  };
}

export type LandingService = ReturnType<typeof landingService>;
