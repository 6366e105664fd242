import type { submitLandedLeadSchema, SubmitLandedLeadResult } from '@lender/contract/calls/lead-provider';
import type { z } from 'zod';
import { callApi } from '../../lib/api-client';
import { CARD_CHECK_LOADER_MESSAGE } from '../../lib/card-check/check-card';
import { pendingCardCheck, sendKeepingPending } from '../../lib/card-check/pending-card-check';

/**
 * What our API receives: the lead's loan, the card without its number and code (decision 014: those go
 * to the card provider only), the billing address and the provider's key and transaction.
 */
export type LandedLeadSubmission = z.input<typeof submitLandedLeadSchema>;

/** The lead page's submission while the browser is at the bank's challenge (its own key: not stage 2's). */
export const pendingLandedLead = pendingCardCheck<LandedLeadSubmission>('leadPendingCheck');

/** LeadProvider/SubmitLandedLead (default error handling skipped: the page words every refusal). */
export const submitLandedLead = (payload: LandedLeadSubmission): Promise<SubmitLandedLeadResult> =>
  callApi('submitLandedLead', payload, {
    forceLoader: true,
    loaderMessage: CARD_CHECK_LOADER_MESSAGE,
  });

/**
 * Submits the lead, keeping the submission while the answer sends the browser to the bank's challenge;
 * back from it, the page sends it again and the server asks the provider how the challenge went.
 */
export const sendLandedLead = (payload: LandedLeadSubmission) =>
  sendKeepingPending(pendingLandedLead, payload, submitLandedLead);
