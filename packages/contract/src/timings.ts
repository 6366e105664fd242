/** Timings of spec section 9 (a module of its own: the first page needs these and no other constant). */
export const TIMINGS = {
  loaderDelayMs: 400,
  fingerprintTimeoutMs: 3000,
  resendCooldownMs: 15_000,
  emailVerificationPollMs: 1500,
  verifiedReturnMs: 1000,
  carouselAutoplayMs: 3000,
  headerCompactScrollPx: 50,
  selectorScrollAbove: 13,
} as const;
