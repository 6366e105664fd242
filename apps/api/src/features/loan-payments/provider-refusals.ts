import { cardRefusalText } from '@lender/contract/card-refusals';
import { Refusal } from '@lender/contract/refusals';
import { EXPIRED_CARD_CODE } from '../../lib/card-provider/card-provider';

/**
 * A card the provider declined, as the customer reads it: the spec's 'Card Expired' (errorID 10) for an
 * expired card, else the plain words and next step of its code (issue 31) under `fallback`'s errorID.
 * The provider's own text (z3) is for staff, in the server's log, not the customer's words.
 */
export const declinedRefusal = (z2: string | null, fallback: Refusal): Refusal =>
  z2 === EXPIRED_CARD_CODE
    ? Refusal.cardExpired
    : { errorID: fallback.errorID, errorMessage: cardRefusalText(z2) };
