import { ErrorId } from '@lender/contract/error-ids';
import { Refusal } from '@lender/contract/refusals';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiCallError, serverMessage } from '../../lib/api-client';
import { CardCheckError } from '../../lib/card-check/card-check-error';
import { cardRefusal, isCardRefused } from '../../components/card/card-refusal-notice';

type Options = {
  /**
   * On borrow/update-card itself the link leads where the customer already is: it takes them to the
   * card's first field instead.
   */
  onUpdateCard?: () => void;
};

/**
 * What a refused payment or new card tells the customer (spec section 8, 'Payment, add card'): an
 * expired card (10) and a card that is not active (244) say so with a link to borrow/update-card, a
 * refusal of the card (the provider's or the server's, 212) its plain words and next step with 'Try
 * again' (issue 31), any other its errorMessage ('Error Occured' when there is none).
 */
export function refusalMessage(err: unknown, { onUpdateCard }: Options = {}): ReactNode {
  if (err instanceof CardCheckError) return cardRefusal(err.message);
  if (isCardRefused(err)) return cardRefusal(serverMessage(err, Refusal.generic.errorMessage));
  const id = err instanceof ApiCallError ? err.error.errorID : null;
  const link = (text: string) => (
    <Link
      to="/borrow/update-card"
      onClick={
        onUpdateCard &&
        ((event: MouseEvent) => {
          event.preventDefault();
          onUpdateCard();
        })
      }
    >
      {text}
    </Link>
  );
  if (id === ErrorId.cardExpired) {
    // Refusal.cardExpired's text, word for word, with its last words the link.
    return <>Card Expired. Please {link('update your card here')}.</>;
  }
  if (id === ErrorId.cardNotActive) {
    // Refusal.cardNotActive's text: the notice of borrow/schedule, its link the same.
    return <>Your Card on the system is not active. {link('Press here to add a new Card')}</>;
  }
  return serverMessage(err, Refusal.generic.errorMessage);
}
