/**
 * The card provider as the API sees it (docs/decisions/014): server-to-server calls only. A provider that
 * fails, answers something else or does not answer in time gives `unavailable`, never a throw, so each
 * caller decides what the applicant is told.
 */
export interface CardProvider {
  /** What became of the card the browser tokenised: approved, a bank challenge first, or declined. */
  confirm(request: ConfirmRequest): Promise<ConfirmResult>;
  /** Takes a payment; a retried reference answers the first charge's result instead of charging twice. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

export type ConfirmRequest = {
  key: string;
  trxId: string;
  /** Where the bank's challenge sends the browser back: the server's own page, never the browser's choice. */
  returnUrl: string;
};

export type ChargeRequest = { token: string; amountPence: number; reference: string };

/** The card as the provider holds it; only the token can take a payment (with the secret key). */
export type ProviderCard = {
  token: string;
  last4: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  holder: string;
};

/** The provider's code (z2, "0" is success) and its text (z3). */
type Coded = { z2: string; z3: string };

/**
 * The provider's code (z2) for an expired card (decision 014): a payment's refusal then links to adding a
 * card, and collections make no second attempt on a card that cannot pay.
 */
export const EXPIRED_CARD_CODE = '54';

export type Unavailable = { outcome: 'unavailable'; reason: string };

export type ConfirmResult =
  | ({ outcome: 'approved'; card: ProviderCard } & Coded)
  | ({ outcome: 'challenge'; redirectUrl: string } & Coded)
  | ({ outcome: 'declined' } & Coded)
  | Unavailable;

export type ChargeResult = ({ outcome: 'approved' | 'declined'; chargeId: string } & Coded) | Unavailable;
