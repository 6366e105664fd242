import type { Stage2Payload } from '@lender/contract/calls/register-stages';
import { callApi } from '../../../lib/api-client';
import { CARD_CHECK_LOADER_MESSAGE } from '../../../lib/card-check/check-card';
import { pendingCardCheck } from '../../../lib/card-check/pending-card-check';

/** Stage 2's submission while the browser is at the bank's challenge. */
export const pendingStage2 = pendingCardCheck<Stage2Payload>('stage2PendingCheck');

/** Sends the checked card (its summary, never the number or code) with the provider's key and transaction. */
export const submitStage2 = (payload: Stage2Payload) =>
  callApi('submitStage2', payload, { forceLoader: true, loaderMessage: CARD_CHECK_LOADER_MESSAGE });

export type Stage2Answer =
  { redirectUrl: string } | { redirectUrl: null; appStatusID: number; appGuid: string | null };

/**
 * Submits stage 2, keeping the submission while the answer sends the browser to the bank's challenge:
 * back from it, the page sends the same key and transaction again and the server asks the provider how
 * the challenge went (decision 014). Anything else ends the pending submission.
 */
export async function sendStage2(payload: Stage2Payload): Promise<Stage2Answer> {
  pendingStage2.save(payload);
  try {
    const answer = await submitStage2(payload);
    if (answer.redirectUrl) return { redirectUrl: answer.redirectUrl };
    pendingStage2.clear();
    return { redirectUrl: null, appStatusID: answer.appStatusID, appGuid: answer.appGuid };
  } catch (err) {
    pendingStage2.clear();
    throw err;
  }
}
