/** What a sandbox card does through the check (docs/decisions/014, "Sandbox test cards"). */
export type Behaviour =
  | 'frictionless'
  | 'challenge'
  | 'declined'
  | 'expired'
  | 'slow-fingerprint'
  | 'fingerprint'
  /** Passes the check like any good card; every later charge is declined (collections, issue 25). */
  | 'declines-charges';

const TEST_CARDS: Record<string, Behaviour> = {
  '4111111111111111': 'frictionless',
  '4000000000003220': 'challenge',
  '4000000000000002': 'declined',
  '4000000000000069': 'expired',
  '4000000000003063': 'slow-fingerprint',
  '4000000000000341': 'declines-charges',
};

/** Decided once, at tokenisation, from the number, which is then forgotten. */
export const behaviourOf = (cardNumber: string): Behaviour => TEST_CARDS[cardNumber] ?? 'fingerprint';

/** Every card but the frictionless one has the browser post the 3-D Secure method data first. */
export const needsFingerprint = (behaviour: Behaviour) => behaviour !== 'frictionless';

/** The slow card's fingerprint page outlasts the browser's 3000 ms wait (TIMINGS.fingerprintTimeoutMs). */
export const SLOW_FINGERPRINT_MS = 5000;
