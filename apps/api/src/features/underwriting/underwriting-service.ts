import { AppStatus } from '@lender/contract/status';
import type { AppContext } from '../../app-context';
import { ApplicationStep } from '../../entities/applications/application-steps';
import { transition } from '../../entities/applications/transition';
import { SYSTEM, type Actor } from '../../entities/audit/actor';
import { entityRepositories, unitOfWork } from '../../entities/unit-of-work';
import type { DbExecutor } from '../../db/create-db';
import { jobLock } from '../../lib/job-lock';
import {
  approvedEmail,
  counterOfferEmail,
  declinedEmail,
  proofOfIdentityEmail,
  referredEmail,
} from './underwriting-emails';
import type { AgencyParticulars } from '../../lib/credit-reference/credit-reference-agency';
import { decisionFindingsRepository } from '../../entities/applications/decision/decision-findings-repository';
import { searchBeforeAgreement } from '../../entities/applications/decision/agreement-search';
import type { DecisionParts } from '../../entities/applications/decision/pipeline';
import {
  AGENCY_UNAVAILABLE,
  agencyParticulars,
  CREDIT_REFERENCE_CHECK,
} from '../../entities/applications/decision/checks/credit-reference';
import { payoutRepository } from './payout-repository';
import type { PayoutService } from './payout-service';
import { underwritingRepository, type Candidate } from './underwriting-repository';
import { underwrite, type Reason } from './underwriting-rules';

export type Decided = {
  guid: string;
  outcome: 'approved' | 'declined' | 'referred' | 'counter-offered' | 'unchanged';
  reasons: string;
};

/** Sends an application's e-sign codes in the transaction that opens signing (features/esign/start-signing). */
export type StartSigning = (trx: DbExecutor, applicationGuid: string) => Promise<void>;

/** The customer's words for a decline the credit file made (the agency's particulars follow them). */
const creditFileReasonText =
  'Information held about you by a credit reference agency shows that we cannot lend responsibly to you now.';

type CreditFileVerdict =
  | { outcome: 'clear' }
  | { outcome: 'decline'; reasons: Reason[] }
  | { outcome: 'refer'; reasons: Reason[]; proofOfIdentity: boolean };

const said = (reasons: readonly Reason[]) => reasons.map((r) => `${r.code}: ${r.text}`).join('; ');

/**
 * Underwriting (docs/decisions/023): the rule set decides each signed application; a person decides
 * the referred ones (`npm run ops -- underwriting approve|decline`). Approval starts the payout.
 */
export function underwritingService(
  ctx: AppContext,
  payouts: PayoutService,
  /** The decision step's checks and services: the hard search is made again when the agency did not answer. */
  parts: DecisionParts,
  /** Sends the new e-sign codes of a counter-offer, in its transaction (e-sign's own, given by the composition root). */
  startSigning: StartSigning = async () => {
    throw new Error('counter-offers need e-sign wired in (servicing.ts)');
  },
) {
  const store = unitOfWork(ctx.db, (db) => ({
    ...entityRepositories(ctx)(db),
    payouts: payoutRepository(db),
  }));
  const applications = underwritingRepository(ctx.db);
  /**
   * Every API process sweeps every 15 s. What makes a sweep safe beside another is in the data: a
   * decision is a conditional status move (transition), a payout is made inside it, and every payout
   * call carries the payout's idempotency key. The lock only keeps two sweeps from doing the same work
   * at once (two provider calls, two tries counted against PAYOUT_TRIES for one round).
   */
  const sweepLock = jobLock(ctx.db, 'underwriting-sweep', 120);
  /** The lock is this process's own: a second round here (a slow provider, the timer firing again) would renew it. */
  let sweeping = false;

  async function approve(app: Candidate, reason: string, kind: string, actor: Actor): Promise<boolean> {
    const approved = await transition(
      store,
      app,
      ApplicationStep.approve,
      { kind, reason, actor },
      async (repos) => {
        await repos.payouts.create(app.id, app.amountPence);
        await repos.outbox.enqueue({
          channel: 'email',
          to: app.email,
          ...approvedEmail(app.firstName, app.amountPence),
        });
      },
    );
    if (approved) await payouts.payOut(app.id);
    return approved;
  }

  async function decline(
    app: Candidate,
    reasons: readonly Reason[],
    kind: string,
    actor: Actor,
    /** Set when a credit reference agency's information counted (s157). */
    agency?: AgencyParticulars | null,
  ): Promise<boolean> {
    return transition(
      store,
      app,
      ApplicationStep.declineAtUnderwriting,
      { kind, reason: said(reasons), actor },
      (repos) =>
        repos.outbox.enqueue({
          channel: 'email',
          to: app.email,
          ...declinedEmail(app.firstName, reasons, agency),
        }),
    );
  }

  /**
   * What the hard search before the agreement found (issue 47): searched again now when the agency gave
   * no answer then (or the application predates the search); a decline ends it, a referral goes to a
   * person, with the e-mail asking for proof when the agency could not confirm who the applicant is.
   */
  async function creditFile(app: Candidate): Promise<CreditFileVerdict> {
    const findings = decisionFindingsRepository(ctx.db);
    let hard = (await findings.of(app.id)).filter(
      (f) => f.check === CREDIT_REFERENCE_CHECK && f.details.searchType === 'application',
    );
    if (hard.length === 0 || hard.some((f) => f.reasonCode === AGENCY_UNAVAILABLE)) {
      const application = await store.applications.latest(app.customerId);
      const customer = await store.customers.findById(app.customerId);
      if (!application || application.id !== app.id || !customer) return { outcome: 'clear' };
      const decision = await searchBeforeAgreement(parts, store, application, customer);
      await findings.record(app.id, decision.findings);
      hard = decision.findings;
    }
    const reasonsOf = (outcome: string) =>
      hard
        .filter((f) => f.outcome === outcome)
        .map((f) => ({ code: `credit-${f.reasonCode}`, text: creditFileReasonText }));
    const declines = reasonsOf('decline');
    if (declines.length > 0) return { outcome: 'decline', reasons: declines.slice(0, 1) };
    const refers = hard.filter((f) => f.outcome === 'refer');
    if (refers.length === 0) return { outcome: 'clear' };
    return {
      outcome: 'refer',
      reasons: refers.map((f) => ({ code: `credit-${f.reasonCode}`, text: `credit file: ${f.reasonCode}` })),
      proofOfIdentity: refers.some((f) => f.reasonCode === 'identityNotConfirmed'),
    };
  }

  async function decide(app: Candidate): Promise<Decided> {
    const unchanged: Decided = { guid: app.guid, outcome: 'unchanged', reasons: '' };
    if (app.statusId !== AppStatus.undewriting) return unchanged;
    const credit = await creditFile(app);
    if (credit.outcome === 'decline') {
      const agency = await agencyParticulars(parts.creditReference);
      const done = await decline(app, credit.reasons, 'underwriting-declined', SYSTEM.underwriting, agency);
      return done ? { guid: app.guid, outcome: 'declined', reasons: said(credit.reasons) } : unchanged;
    }
    if (credit.outcome === 'refer') {
      const documentsUrl = new URL('/account/documents', ctx.config.PUBLIC_URL).toString();
      const email = credit.proofOfIdentity
        ? proofOfIdentityEmail(app.firstName, documentsUrl)
        : referredEmail(app.firstName);
      const reasons = said(credit.reasons);
      const done = await transition(
        store,
        app,
        ApplicationStep.refer,
        { kind: 'underwriting-referred', reason: reasons, actor: SYSTEM.underwriting },
        (repos) => repos.outbox.enqueue({ channel: 'email', to: app.email, ...email }),
      );
      return done ? { guid: app.guid, outcome: 'referred', reasons } : unchanged;
    }
    const facts = await applications.facts(app, await ctx.businessDate.refresh());
    const verdict = facts
      ? underwrite(facts)
      : {
          outcome: 'refer' as const,
          reasons: [
            { code: 'incomplete', text: 'The application has no affordability assessment or schedule.' },
          ],
        };
    const reasons = said(verdict.reasons);
    if (verdict.outcome === 'approve') {
      const done = await approve(app, reasons, 'underwriting-approved', SYSTEM.underwriting);
      return done ? { guid: app.guid, outcome: 'approved', reasons } : unchanged;
    }
    if (verdict.outcome === 'counter') {
      const offered = verdict.amountPence;
      const done = await transition(
        store,
        app,
        ApplicationStep.counterOffer,
        { kind: 'underwriting-counter-offer', reason: reasons, actor: SYSTEM.underwriting },
        async (repos, trx) => {
          await underwritingRepository(trx).counterOffer(app.id, offered, reasons);
          await repos.outbox.enqueue({
            channel: 'email',
            to: app.email,
            ...counterOfferEmail(app.firstName, app.amountPence, offered),
          });
          // After the explanation, so the e-mail with the links to sign is the newest.
          await startSigning(trx, app.guid);
        },
      );
      return done ? { guid: app.guid, outcome: 'counter-offered', reasons } : unchanged;
    }
    if (verdict.outcome === 'decline') {
      const done = await decline(app, verdict.reasons, 'underwriting-declined', SYSTEM.underwriting);
      return done ? { guid: app.guid, outcome: 'declined', reasons } : unchanged;
    }
    const done = await transition(
      store,
      app,
      ApplicationStep.refer,
      { kind: 'underwriting-referred', reason: reasons, actor: SYSTEM.underwriting },
      (repos) => repos.outbox.enqueue({ channel: 'email', to: app.email, ...referredEmail(app.firstName) }),
    );
    return done ? { guid: app.guid, outcome: 'referred', reasons } : unchanged;
  }

  async function sweepOnce(): Promise<Decided[]> {
    try {
      const decided: Decided[] = [];
      for (const app of await applications.inStatus([AppStatus.undewriting])) decided.push(await decide(app));
      await payouts.sweep();
      return decided;
    } finally {
      await sweepLock.release();
    }
  }

  return {
    /** Decides one signed application now (called as its signature is stored). */
    async decideApplication(applicationId: number): Promise<Decided | null> {
      const app = await applications.byId(applicationId);
      return app ? decide(app) : null;
    },

    /**
     * Every signed application not yet decided, then every open payout one step on; nothing while another
     * round (of this process or another) is at it.
     */
    async run(): Promise<Decided[]> {
      if (sweeping) return [];
      sweeping = true;
      try {
        if (!(await sweepLock.take())) return [];
        return await sweepOnce();
      } finally {
        sweeping = false;
      }
    },

    /** Signed applications waiting for the rules or for a person. */
    pending: () => applications.inStatus([AppStatus.undewriting, AppStatus.undewritingReview]),

    /** A person's decision on a signed or referred application, with the reason they give. */
    async decideByHand(
      guid: string,
      outcome: 'approve' | 'decline',
      reason: string,
      actor: Actor,
    ): Promise<boolean> {
      const app = await applications.byGuid(guid);
      if (!app) return false;
      if (outcome === 'approve') return approve(app, reason, 'underwriter-approved', actor);
      return decline(app, [{ code: 'underwriter', text: reason }], 'underwriter-declined', actor);
    },
  };
}

export type UnderwritingService = ReturnType<typeof underwritingService>;
