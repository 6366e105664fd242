import type { CardProvider } from '../../apps/api/src/lib/card-provider/card-provider';

/**
 * A card provider that approves every charge at once, without a round trip or a row of its own: for
 * measuring the lender's own share of a due day. Against the built-in sandbox the bench's worker also
 * does the provider's work (its HTTP handling, its card lookup, its stored charge) on the same two cores,
 * which a real provider does on its own machines (bench/README.md, "Close of business").
 * Only the bench uses it; nothing in the app can.
 */
export const instantCardProvider: CardProvider = {
  confirm: () => Promise.reject(new Error('The instant provider only takes charges.')),
  charge: ({ reference }) =>
    Promise.resolve({ outcome: 'approved', chargeId: `instant-${reference}`, z2: '0', z3: 'Approved' }),
};
