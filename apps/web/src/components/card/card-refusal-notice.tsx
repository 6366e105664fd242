import { ErrorId } from '@lender/contract/error-ids';
import type { ReactNode } from 'react';
import { ApiCallError } from '../../lib/api-client';
import { CardCheckError } from '../../lib/card-check/card-check-error';

/**
 * The card number field of the page's card form: CardFields gives it `autocomplete="cc-number"`, and a
 * page holds one card form at most. Found in the document rather than passed down, so every card screen
 * (stage 2, the landing page, the repeat loan, a new card, a payment) can use the notice as it is.
 */
const cardNumberField = () => document.querySelector<HTMLInputElement>('input[autocomplete="cc-number"]');

/**
 * A refused card in the failure banner (issue 31): the plain words and next step the server or the
 * contract's mapping gave (card-refusals.ts), then 'Try again', which takes the customer back to the card
 * number to type another card or correct this one. One pattern for every card screen.
 */
export function CardRefusalNotice({ children }: { children: ReactNode }) {
  return (
    <>
      <p>{children}</p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          const field = cardNumberField();
          field?.focus();
          field?.select();
        }}
      >
        Try again
      </button>
    </>
  );
}

/** `message` as a card refusal's banner content. */
export const cardRefusal = (message: ReactNode) => <CardRefusalNotice>{message}</CardRefusalNotice>;

/**
 * Whether a card screen's failure is the card's refusal, which 'Try again' answers: the provider's
 * refusal met in the browser, or the server's declined card (212, the repeat loan's 211). Anything else
 * (a provider that did not answer, a stage already done, a fault) is no matter of the card.
 */
export const isCardRefused = (err: unknown) =>
  err instanceof CardCheckError ||
  (err instanceof ApiCallError && CARD_REFUSAL_IDS.includes(err.error.errorID));

const CARD_REFUSAL_IDS: readonly number[] = [ErrorId.cardDeclined, ErrorId.repeatLoanCardDeclined];
