import type { submitLandedLeadSchema, SubmitLandedLeadResult } from '@lender/contract/calls/lead-provider';
import type { CardSummary } from '@lender/contract/rules/card';
import type { z } from 'zod';
import { callApi, type CallInput } from '../../lib/api-client';
import { CARD_CHECK_LOADER_MESSAGE, type CardCheckResult } from '../../lib/card-check/check-card';
import { pendingCardCheck, sendKeepingPending } from '../../lib/card-check/pending-card-check';

/**
 * What our API receives: the lead's loan, the card without its number and code (decision 014: those go
 * to the card provider only), the billing address and the provider's key and transaction.
 */
export type LandedLeadSubmission = Omit<
  z.input<typeof submitLandedLeadSchema>,
  'creditCard' | 'pKey' | 'trxId' | 'isSignature'
> & { creditCard: CardSummary } & CardCheckResult;

/** The lead page's submission while the browser is at the bank's challenge (its own key: not stage 2's). */
export const pendingLandedLead = pendingCardCheck<LandedLeadSubmission>('leadPendingCheck');

/**
 * LeadProvider/SubmitLandedLead (default error handling skipped: the page words every refusal). The
 * contract's body schema still names the full card; the summary is what this page sends, as stage 2 does.
 */
export const submitLandedLead = (payload: LandedLeadSubmission): Promise<SubmitLandedLeadResult> =>
  callApi('submitLandedLead', payload as unknown as CallInput<'submitLandedLead'>, {
    forceLoader: true,
    loaderMessage: CARD_CHECK_LOADER_MESSAGE,
  });

/**
 * Submits the lead, keeping the submission while the answer sends the browser to the bank's challenge;
 * back from it, the page sends it again and the server asks the provider how the challenge went.
 */
export const sendLandedLead = (payload: LandedLeadSubmission) =>
  sendKeepingPending(pendingLandedLead, payload, submitLandedLead);
