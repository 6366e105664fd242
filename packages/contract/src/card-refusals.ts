import { BRAND } from './brand';

/** A refused card in the customer's words: what happened, then what they can do about it. */
export type CardRefusalWords = { reason: string; whatToDo: string };

const ANOTHER_CARD = 'use another debit card in your own name';
const CALL_US = `call us on ${BRAND.supportPhone}`;

/**
 * The card provider's codes (z2, the ISO 8583 response codes card issuers use) in plain words, each with
 * the next step (issue 31, docs/decisions/036). Written once: the server answers a card check's or a
 * payment's refusal with these words, and the browser words the provider's refusals it meets itself
 * (tokenisation, the bank's challenge) the same way. The provider's own text (z3) is for staff: it stays
 * in the server's log and the application's decisions.
 */
export const CARD_REFUSALS: Record<string, CardRefusalWords> = {
  // Do not honour, or the bank's own check (3-D Secure) failed.
  '05': {
    reason: 'Your bank did not approve this card.',
    whatToDo: `Please ask your bank why, or ${ANOTHER_CARD}.`,
  },
  // Invalid transaction: the check timed out, or the provider no longer knows the card.
  '12': {
    reason: 'The check of this card did not finish in time.',
    whatToDo: 'Please enter your card details again.',
  },
  '14': {
    reason: 'This card number was not recognised.',
    whatToDo: 'Please check the long number on the front of your card and type it again.',
  },
  '30': {
    reason: 'Some of the card details are missing.',
    whatToDo: 'Please check the card number, the expiry date and the CVV2, and try again.',
  },
  '51': {
    reason: 'Your bank declined the payment: there is not enough money in the account.',
    whatToDo: `Please pay a smaller amount, or ${ANOTHER_CARD}.`,
  },
  '54': {
    reason: 'This card has expired.',
    whatToDo: `Check the expiry date on the card, or ${ANOTHER_CARD}.`,
  },
  // Invalid merchant: the fault is ours, not the card's.
  '03': {
    reason: 'We could not check your card because of a fault on our side, not with your card.',
    whatToDo: `Please try again in a few minutes, or ${CALL_US}.`,
  },
};

/** Any other code, or none. */
export const CARD_REFUSED_OTHERWISE: CardRefusalWords = {
  reason: 'Your card was not accepted.',
  whatToDo: `Please ${ANOTHER_CARD}, or ${CALL_US}.`,
};

/** The words for a refusal of code `z2` (a provider may answer it as a number). */
export const cardRefusalWords = (z2: unknown): CardRefusalWords =>
  CARD_REFUSALS[String(z2 ?? '').padStart(2, '0')] ?? CARD_REFUSED_OTHERWISE;

/** The same as one sentence pair, as an envelope's errorMessage carries it. */
export const cardRefusalText = (z2: unknown): string => {
  const { reason, whatToDo } = cardRefusalWords(z2);
  return `${reason} ${whatToDo}`;
};
