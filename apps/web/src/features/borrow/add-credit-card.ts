import type { CallResponse } from '@lender/contract/api-calls';
import { callApi, type CallInput } from '../../lib/api-client';
import { CARD_CHECK_LOADER_MESSAGE } from '../../lib/card-check/check-card';
import { pendingCardCheck, sendKeepingPending } from '../../lib/card-check/pending-card-check';

export type AddCardPayload = CallInput<'addCreditCard'>;
export type AddCardAnswer = CallResponse<'addCreditCard'>;

/** borrow/update-card's request while the browser is at the bank's challenge. */
export const pendingAddCard = pendingCardCheck<AddCardPayload>('addCardPendingCheck');

/** Sends the checked card (its summary, never the number or code) with the provider's key and transaction. */
export const addCreditCard = (payload: AddCardPayload) =>
  callApi('addCreditCard', payload, { forceLoader: true, loaderMessage: CARD_CHECK_LOADER_MESSAGE });

/**
 * Adds the new card, keeping the request while the answer sends the browser to the bank's challenge:
 * back from it, the page sends the same request again and the server finishes (decision 014).
 */
export const sendNewCard = (payload: AddCardPayload) =>
  sendKeepingPending(pendingAddCard, payload, addCreditCard);
