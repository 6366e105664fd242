import { PAYMENT_SUCCESS_CODE } from '@lender/contract/constants';
import { toExpireDate } from '@lender/contract/card-expiry';
import type { CreditCard } from '@lender/contract/rules/card';
import { Msg } from '@lender/contract/rules/messages';
import type { CardProviderSettings } from './card-provider-settings';
import { cardRefusalText } from '@lender/contract/card-refusals';
import { CardCheckError } from './card-check-error';

/** The provider's answer to a tokenisation (decision 014); a key only when z2 is the success code. */
export type TokenisedCard = {
  threeDSVersion: string | null;
  trxId: string | null;
  key: string | null;
  fingerprintUrl: string | null;
  responseId: string | null;
  z2: string;
  z3: string | null;
};

/** The provider's code as a string: a provider may answer z2 as a number. */
export const isSuccessCode = (z2: unknown) => String(z2) === PAYMENT_SUCCESS_CODE;

/**
 * Sends the card straight to the provider, form-encoded as its protocol asks. This is the only place the
 * card number and security code leave the page, and they go nowhere else (decision 014).
 */
export async function tokeniseCard(
  settings: CardProviderSettings,
  card: CreditCard,
): Promise<TokenisedCard & { key: string; trxId: string }> {
  // MMYY: the month is the form's zero-based index plus one, the year its last two digits.
  const expiry = toExpireDate(card.endMonth, card.endYear);
  const form = new URLSearchParams({
    merchantId: settings.merchantId,
    staticKey: settings.staticKey,
    cardNumber: card.cardNumber,
    expMonth: expiry.slice(0, 2),
    expYear: expiry.slice(2),
    csv: card.securityCode,
    cardHolder: card.nameOnCard,
  });
  let answer: TokenisedCard;
  try {
    // A refusal (a failed checksum, an unknown merchant) still answers z2/z3 in JSON, whatever the status.
    const res = await fetch(`${settings.url}/tokenise`, { method: 'POST', body: form });
    answer = (await res.json()) as TokenisedCard;
  } catch {
    throw new CardCheckError(Msg.cardCheck);
  }
  // The provider's refusal in plain words with the next step; its own text (z3) is not the customer's.
  if (!isSuccessCode(answer.z2)) throw new CardCheckError(cardRefusalText(answer.z2));
  if (!answer.key || !answer.trxId) throw new CardCheckError(Msg.cardCheck);
  return { ...answer, key: answer.key, trxId: answer.trxId };
}
