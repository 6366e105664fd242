import { randomUUID } from 'node:crypto';
import { addDays, type IsoDate } from '@lender/contract/dates';
import type { ConnectionResult, VerificationState } from '@lender/contract/calls/open-banking';
import { showsAMonth } from '@lender/contract/bank-statement';
import { Refusal } from '@lender/contract/refusals';
import { Msg } from '@lender/contract/rules/messages';
import { ApplicationStep } from '../../entities/applications/application-steps';
import { openApplication } from '../../entities/applications/transition';
import { requiredAtStage3 } from '../../entities/open-banking/bank-statement-rules';
import type { ReturnTo } from '../../entities/open-banking/bank-connection-repository';
import type { VerifiedFigures } from '../../entities/open-banking/verified-figures';
import type { EntityStore } from '../../entities/unit-of-work';
import { nowIso, plusSeconds } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/secrets';
import {
  CONSENT_PERMISSIONS,
  type AccountInformation,
  type BankAccountRead,
} from '../../lib/open-banking/account-information';
import { connectionView, verificationView } from './connection-views';

/** Transactions read from this many days back (issue 49). */
export const STATEMENT_DAYS = 90;
/** A consent lapses by itself after this many days at most (issue 49); the applicant may end it sooner. */
export const CONSENT_DAYS = 90;
/** The applicant has this long at their bank: a later return is refused and they start again. */
export const AUTHORISE_WITHIN_SECONDS = 60 * 60;

export type OpenBankingDeps = {
  store: Pick<EntityStore, 'applications' | 'bankConnections' | 'decisionFindings' | 'transaction'>;
  bank: AccountInformation;
  categorise: (accounts: readonly BankAccountRead[], today: IsoDate) => VerifiedFigures;
  /** Where the bank sends the applicant back: our /open-banking/return page. */
  redirectUrl: string;
  today: () => IsoDate;
};

type Refused = { kind: 'refused'; refusal: Refusal };
const refused = (refusal: Refusal): Refused => ({ kind: 'refused', refusal });

/**
 * Open banking (issue 49): a consent asked for at the applicant's bank, their return with its code, one
 * read of 90 days of transactions categorised into verified figures, and the consent revoked when they
 * say. The state sent to the bank is a random nonce kept as a hash, and only the customer who started a
 * connection can complete it: the link back from the bank proves nothing about who holds it.
 */
export function openBankingService(d: OpenBankingDeps) {
  const { store, bank } = d;

  /** The application at stage 3 the connection is for, or null for a repeat loan (none exists yet). */
  async function applicationFor(customerId: number, returnTo: ReturnTo) {
    if (returnTo === 'repeatLoan') return { id: null };
    const application = await openApplication(
      store.applications,
      customerId,
      ApplicationStep.passAffordability,
    );
    return application ? { id: application.id } : undefined;
  }

  return {
    async banks() {
      const answer = await bank.banks();
      return answer.outcome === 'banks'
        ? { kind: 'banks' as const, banks: answer.banks }
        : refused(Refusal.bankUnavailable);
    },

    async start(customerId: number, bankId: string, returnTo: ReturnTo) {
      const application = await applicationFor(customerId, returnTo);
      if (!application) return refused(Refusal.stageClosed);
      const banks = await bank.banks();
      if (banks.outcome !== 'banks') return refused(Refusal.bankUnavailable);
      const chosen = banks.banks.find((b) => b.bankId === bankId);
      if (!chosen) return { kind: 'invalid' as const, fields: { bankId: Msg.bankChoice } };
      const expiresAt = plusSeconds(CONSENT_DAYS * 24 * 60 * 60);
      const consent = await bank.createConsent({
        bankId,
        permissions: CONSENT_PERMISSIONS,
        transactionsFrom: addDays(d.today(), -STATEMENT_DAYS),
        expiresAt,
      });
      if (consent.outcome !== 'consent') return refused(Refusal.bankUnavailable);
      const state = randomToken();
      await store.bankConnections.insert({
        guid: randomUUID(),
        customerId,
        applicationId: application.id,
        returnTo,
        bankId,
        bankName: chosen.name,
        consentId: consent.consentId,
        stateHash: sha256(state),
        expiresAt,
      });
      const authoriseUrl = bank.authorisationUrl({
        bankId,
        consentId: consent.consentId,
        state,
        redirectUrl: d.redirectUrl,
      });
      return { kind: 'started' as const, authoriseUrl };
    },

    async complete(
      customerId: number,
      back: { state: string; code?: string; error?: string },
    ): Promise<Refused | { kind: 'completed'; result: ConnectionResult }> {
      const c = await store.bankConnections.byStateHash(sha256(back.state));
      // Another customer's state is answered as an unknown one: it tells them nothing.
      if (!c || c.customerId !== customerId || c.status !== 'awaiting')
        return refused(Refusal.bankConnectionClosed);
      const ended = (outcome: 'denied' | 'failed') => ({
        kind: 'completed' as const,
        result: { returnTo: c.returnTo, outcome, verification: null },
      });
      // A consent the applicant may have approved but we will never read is ended at the bank too (best
      // effort: a bank that does not answer lapses it at its expiry).
      const endAtBank = () => bank.revokeConsent({ bankId: c.bankId, consentId: c.consentId });
      if (Date.parse(c.createdAt) + AUTHORISE_WITHIN_SECONDS * 1000 < Date.now()) {
        if (await store.bankConnections.settle(c.id, 'expired')) await endAtBank();
        return refused(Refusal.bankConnectionClosed);
      }
      if (back.error !== undefined || back.code === undefined) {
        return (await store.bankConnections.settle(c.id, 'denied'))
          ? ended('denied')
          : refused(Refusal.bankConnectionClosed);
      }
      const token = await bank.exchangeCode({
        bankId: c.bankId,
        code: back.code,
        redirectUrl: d.redirectUrl,
      });
      const today = d.today();
      const read =
        token.outcome === 'token'
          ? await bank.readAccounts({
              bankId: c.bankId,
              accessToken: token.accessToken,
              from: addDays(today, -STATEMENT_DAYS),
            })
          : token;
      if (read.outcome !== 'read') {
        if (!(await store.bankConnections.settle(c.id, 'failed')))
          return refused(Refusal.bankConnectionClosed);
        await endAtBank();
        return ended('failed');
      }
      const figures = d.categorise(read.accounts, today);
      const settled = await store.transaction(async ({ bankConnections }) => {
        if (!(await bankConnections.settle(c.id, 'connected'))) return false;
        await bankConnections.recordRead({
          connectionId: c.id,
          customerId,
          applicationId: c.applicationId,
          figures,
          transactions: read.accounts.flatMap((a) => a.transactions),
          readOn: today,
        });
        return true;
      });
      if (!settled) return refused(Refusal.bankConnectionClosed);
      return {
        kind: 'completed',
        result: {
          returnTo: c.returnTo,
          outcome: 'connected',
          verification: verificationView(
            { connectionGuid: c.guid, bankName: c.bankName, readOn: today },
            figures,
          ),
        },
      };
    },

    /** What the page shows before the applicant submits: whether a connection is required, and what it found. */
    /**
     * What the page shows before the applicant submits: whether a connection is required, and what it
     * found. A repeat loan's need is known only when it is sent (its income is typed on the form, its
     * credit file searched then): the server answers `bankConnectionRequired` there.
     */
    async state(
      customerId: number,
      returnTo: ReturnTo,
    ): Promise<Refused | { kind: 'state'; state: VerificationState }> {
      const application =
        returnTo === 'stage3'
          ? await openApplication(store.applications, customerId, ApplicationStep.passAffordability)
          : null;
      if (returnTo === 'stage3' && !application) return refused(Refusal.stageClosed);
      const v = await store.bankConnections.usable(customerId, application?.id ?? null, d.today());
      const requiredBecause = application
        ? requiredAtStage3(application, await store.decisionFindings.of(application.id))
        : [];
      return {
        kind: 'state',
        state: {
          // Met by a statement that shows a month's income; one too short still leaves it to meet.
          required: requiredBecause.length > 0 && !(v && showsAMonth(v.figures)),
          requiredBecause,
          verification: v
            ? verificationView(
                { connectionGuid: v.connectionGuid, bankName: v.bankName, readOn: v.readOn },
                v.figures,
              )
            : null,
        },
      };
    },

    async connections(customerId: number) {
      return (await store.bankConnections.ofCustomer(customerId)).map(connectionView);
    },

    /**
     * Ends a connection at once: we stop using it whatever the bank says, and ask the bank to revoke the
     * consent (`bankConfirmed` false when it did not answer: the applicant may end it at their bank too).
     */
    async revoke(customerId: number, connectionGuid: string) {
      const c = await store.bankConnections.byGuid(customerId, connectionGuid);
      if (!c || (c.status !== 'awaiting' && c.status !== 'connected'))
        return refused(Refusal.bankConnectionClosed);
      if (!(await store.bankConnections.settle(c.id, 'revoked', c.status)))
        return refused(Refusal.bankConnectionClosed);
      const answer = await bank.revokeConsent({ bankId: c.bankId, consentId: c.consentId });
      return { kind: 'revoked' as const, bankConfirmed: answer.outcome === 'revoked' };
    },

    /** The day's housekeeping: transactions past their 30 days deleted, lapsed consents marked expired. */
    async sweep(today: IsoDate) {
      const deleted = await store.bankConnections.deleteDueTransactions(today);
      const expired = await store.bankConnections.expireLapsed(nowIso());
      return { deleted, expired };
    },
  };
}

export type OpenBankingService = ReturnType<typeof openBankingService>;
