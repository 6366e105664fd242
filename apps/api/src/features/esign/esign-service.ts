import { formatDisplayDate, londonToday } from '@lender/contract/dates';
import { AppStatus, isEsignStatus, LIVE_LOAN_STATUSES } from '@lender/contract/status';
import { nowIso } from '../../lib/clock';
import { lockKeyUntilCommit } from '../../lib/key-lock';
import { sha256 } from '../../lib/secrets';
import { renderAgreementPdf } from '../../documents/render-pdf';
import { agreementsFor } from './esign-agreements';
import {
  checkSmsCode,
  issueSigningLink,
  resendRefusal,
  sendEmailLink,
  sendSmsCode,
  type CodeCheck,
  type EsignLinks,
} from './esign-codes';
import { signedEmail } from './esign-messages';
import type { EsignApplication, EsignChannel } from './esign-repository';
import { ApplicationStep } from '../../entities/applications/application-steps';
import { transition } from '../../entities/applications/transition';
import type { EsignStore } from './esign-store';
import { customerActor } from '../../entities/audit/actor';
import { maskedAccount } from '../../documents/agreement-facts';

/**
 * Why a signing call could not open its application (esign-refusals.ts answers each): closed (220),
 * no signing link (224), or, told only to the holder of one of its links (issue 31), signed already
 * (225), declined after signing (226), or a link whose 14 days passed before a signature (227).
 */
export type NotOpen =
  | { kind: 'closed' }
  | { kind: 'noLink' }
  | { kind: 'alreadySigned' }
  | { kind: 'declined' }
  | { kind: 'linkExpired' };

/** The application a signing call may act on, or why not. */
type Opened = { kind: 'open'; app: EsignApplication } | NotOpen;

export type ResendOutcome =
  | { kind: 'sent'; nextSendInSeconds: number }
  | NotOpen
  | { kind: 'wait'; retryAfterSeconds: number; reason: 'cooldown' | 'daily' };

export type SignOutcome =
  | { kind: 'signed' }
  | NotOpen
  | { kind: 'emailNotVerified' }
  | { kind: 'agreementChanged' }
  | { kind: 'invalidCode'; check: Exclude<CodeCheck, 'valid'> };

export type Signer = { smsCode: string; ipAddress: string; userAgent: string };

/** Statuses an application reaches only by being signed: underwriting and the loan's whole life. */
const SIGNED_STATUSES: readonly number[] = [
  AppStatus.undewriting,
  AppStatus.undewritingReview,
  AppStatus.approved,
  ...LIVE_LOAN_STATUSES,
  AppStatus.settled,
  AppStatus.withdrawn,
];

/**
 * What became of an application no longer waiting for a signature, for a holder of its link. A signing
 * link exists only from esignSent on, so leadDeclined here is a decline at underwriting.
 */
function movedOn(statusId: number): NotOpen {
  if (SIGNED_STATUSES.includes(statusId)) return { kind: 'alreadySigned' };
  if (statusId === AppStatus.leadDeclined) return { kind: 'declined' };
  return { kind: 'closed' };
}

/**
 * The signed-out e-sign page's calls (docs/decisions/016): the application its guid names, while it
 * waits for a signature; the agreements as of today; the two codes; the signature.
 */
export function esignService(
  store: Pick<EsignStore, 'esign' | 'bankAccounts' | 'transaction'>,
  keys: EsignLinks,
  wageFrequencyName: (id: number) => string,
  /** Told of each signature once it is stored: underwriting starts at once (issue 25). */
  onSigned: (applicationId: number) => void = () => {},
) {
  /**
   * The application, only for the holder of one of its live signing links (docs/decisions/020): the guid
   * alone shows nothing and sends nothing ('noLink', errorID 224), so a guessed guid learns nothing of
   * the application's state. An unknown guid is 'closed' (errorID 220). The holder of one of its links,
   * even one whose 14 days have passed, hears what became of it (issue 31): signed, declined, or, still
   * unsigned, that the link expired.
   */
  const open = async (guid: string, signingToken: string): Promise<Opened> => {
    const app = await store.esign.findByGuid(guid);
    if (!app) return { kind: 'closed' };
    const link = signingToken ? await store.esign.linkState(app.id, sha256(signingToken)) : null;
    if (!link) return { kind: 'noLink' };
    if (!isEsignStatus(app.statusId)) return movedOn(app.statusId);
    if (link !== 'live') return { kind: 'linkExpired' };
    // The agreements show the account the money goes to (issue 45), unsealed here for its last 4 only.
    const payoutAccount = (await store.bankAccounts.payoutOf(app.id)) ?? null;
    return { kind: 'open', app: { ...app, payoutAccount } };
  };
  const agreements = (app: EsignApplication) =>
    agreementsFor(app, wageFrequencyName(app.terms.wageFrequencyId), londonToday());

  return {
    /**
     * A signing link for the signed-in applicant's browser as it goes to e-sign (Register/EsignLink):
     * only for the customer's own application while it waits for a signature.
     */
    async linkForBrowser(customerId: number, guid: string | null) {
      const app = guid ? await store.esign.findByGuid(guid) : undefined;
      if (!app || app.customerId !== customerId || !isEsignStatus(app.statusId)) return null;
      return { appGuid: app.guid, signingToken: await issueSigningLink(store.esign, app.id, 'browser') };
    },

    /** The three agreements as HTML, recording what was served so a signature can be matched to it. */
    async documents(guid: string, signingToken: string) {
      const opened = await open(guid, signingToken);
      if (opened.kind !== 'open') return opened;
      const { app } = opened;
      const { html, documentsSha256, facts } = agreements(app);
      await store.esign.recordServed(app.id, documentsSha256, facts.today);
      // A page opened (or reloaded) just after a send shows the wait at once, not a refusal after a tap.
      const waits = await Promise.all(
        (['sms', 'email'] as const).map((channel) => resendRefusal(store.esign, app.id, channel)),
      );
      const [sms, email] = waits.map((wait) => wait?.retryAfterSeconds ?? 0) as [number, number];
      // The payout account outside the agreement too (issue 45): the applicant checks it is theirs.
      const payoutAccount = app.payoutAccount ? maskedAccount(app.payoutAccount) : null;
      return {
        kind: 'open',
        documents: { ...html, nextSendInSeconds: { sms, email }, payoutAccount },
      } as const;
    },

    async emailVerified(guid: string, signingToken: string) {
      const opened = await open(guid, signingToken);
      if (opened.kind !== 'open') return opened;
      return { kind: 'open', verified: await store.esign.emailVerified(opened.app.id) } as const;
    },

    /** A new SMS code or e-mail link, replacing the last one, unless sent too recently or too often. */
    async resend(guid: string, signingToken: string, channel: EsignChannel): Promise<ResendOutcome> {
      const opened = await open(guid, signingToken);
      if (opened.kind !== 'open') return opened;
      const { app } = opened;
      // The cooldown and the daily cap are a check then a send: one resend per application and channel
      // at a time, in any process, or two racing ones would both pass the check.
      return store.transaction(async (repos, trx) => {
        await lockKeyUntilCommit(trx, `esign-resend:${app.id}:${channel}`);
        const refusal = await resendRefusal(repos.esign, app.id, channel);
        if (refusal) return { kind: 'wait', ...refusal } as const;
        await (channel === 'sms'
          ? sendSmsCode(repos, app, keys)
          : sendEmailLink(repos, app, keys, signingToken));
        // Asked again with this send counted: the page counts down from what the next call would hear.
        const next = await resendRefusal(repos.esign, app.id, channel);
        return { kind: 'sent', nextSendInSeconds: next?.retryAfterSeconds ?? 0 } as const;
      });
    },

    /**
     * Uses the live e-mail link of this application, once; false for any other link (replaced, expired,
     * another application's). The link that did verify answers true again and changes nothing: a second
     * click on it should not tell the customer their e-mail is unconfirmed.
     */
    async verifyEmail(guid: string, token: string): Promise<boolean> {
      const app = await store.esign.findByGuid(guid);
      if (!app || !isEsignStatus(app.statusId)) return false;
      const live = await store.esign.latestCode(app.id, 'email');
      if (!live || live.secretHash !== sha256(token)) return false;
      if (live.usedAt) return true;
      if (live.expiresAt <= nowIso()) return false;
      // Two clicks at once: one marks it used, and the other finds it used by this same link.
      await store.esign.markUsed(live.id);
      return true;
    },

    async sign(guid: string, signingToken: string, signer: Signer): Promise<SignOutcome> {
      const opened = await open(guid, signingToken);
      if (opened.kind !== 'open') return opened;
      const { app } = opened;
      if (!(await store.esign.emailVerified(app.id))) return { kind: 'emailNotVerified' };
      const { documents, documentsSha256, facts } = agreements(app);
      // Only what the page showed may be signed: a new day re-prices the documents (docs/decisions/016).
      if (!(await store.esign.wasServed(app.id, documentsSha256))) return { kind: 'agreementChanged' };
      const code = await checkSmsCode(store.esign, app.id, signer.smsCode, keys.dataKey);
      if (code.check !== 'valid') return { kind: 'invalidCode', check: code.check };

      const signedAt = nowIso();
      const pdf = await renderAgreementPdf(
        documents,
        { signedAt, ipAddress: signer.ipAddress, userAgent: signer.userAgent, documentsSha256 },
        facts,
      );
      // Of two racing signatures, the second finds the application moved on and changes nothing.
      const step = ApplicationStep.sign;
      const decision = {
        kind: 'esigned',
        reason: `agreement signed; documents ${documentsSha256}`,
        actor: customerActor(app.customerId),
      };
      const signed = await transition(store, app, step, decision, async ({ esign, outbox, loans }) => {
        await esign.markUsed(code.codeId!);
        // The loan is the agreement as signed: this schedule, this rate, priced for this day.
        const { price } = facts.pricing;
        await loans.insertSigned({
          applicationId: app.id,
          customerId: app.customerId,
          principalPence: app.terms.amountPence,
          dailyRate: price.dailyRate,
          pricedOn: facts.today,
          totalRepayablePence: price.totalRepayablePence,
          schedule: price.schedule,
        });
        await esign.insertSignature({
          applicationId: app.id,
          signedAt,
          ipAddress: signer.ipAddress,
          userAgent: signer.userAgent,
          documentsSha256,
          pdfSha256: sha256(pdf),
          pdf,
        });
        await outbox.enqueue({
          channel: 'email',
          to: app.customer.email,
          ...signedEmail({
            firstName: app.customer.firstName,
            signedAtDisplay: formatDisplayDate(facts.today),
          }),
          attachments: [
            { fileName: `loan-agreement-${app.guid}.pdf`, contentType: 'application/pdf', content: pdf },
          ],
        });
      });
      if (!signed) return { kind: 'closed' };
      onSigned(app.id);
      return { kind: 'signed' };
    },
  };
}

export type EsignService = ReturnType<typeof esignService>;
