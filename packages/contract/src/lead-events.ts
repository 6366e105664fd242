/**
 * The landing page's events (spec section 4): the funnel partners are paid on (1 to 4, each once per
 * session and only after loaded), and the tracking of a submit (100 to 400, with every attempt).
 */
export const LeadEvent = {
  loaded: 1,
  scrolled: 2,
  customerFilled: 3,
  paymentFilled: 4,
  /** Submit: before the card goes to the provider. */
  submitBeforePayment: 100,
  /** Submit: the provider gave its key. */
  keyGenerated: 200,
  /** Submit: the fingerprint step is over (run, timed out, or not asked for). */
  fingerprintGenerated: 300,
  /** Submit: the answer, in `data`. */
  result: 400,
} as const;
export type LeadEventId = (typeof LeadEvent)[keyof typeof LeadEvent];
