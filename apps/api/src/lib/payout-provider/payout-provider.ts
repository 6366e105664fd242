/**
 * The Faster Payments provider as the API sees it, for paying out loans. A provider that fails, answers
 * something else or does not answer in time gives `unavailable`, never a throw: the payout's idempotency
 * key is kept, so the caller can ask again later without paying twice.
 */
export interface PayoutProvider {
  /** Sends a Faster Payment; the same idempotencyKey again answers the first payment, never pays twice. */
  send(request: PayoutRequest): Promise<PayoutResult>;
  /** The payment's state now (a pending one may since have been paid or rejected). */
  status(paymentId: string): Promise<PayoutResult>;
}

export type PayoutRequest = {
  idempotencyKey: string;
  sortCode: string;
  accountNumber: string;
  accountName: string;
  amountPence: number;
  reference: string;
};

export type PayoutResult =
  | { outcome: 'paid' | 'pending' | 'rejected'; paymentId: string; reason: string }
  | { outcome: 'unavailable'; reason: string };
