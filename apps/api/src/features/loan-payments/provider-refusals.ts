import { Refusal } from '@lender/contract/refusals';

/** The provider's code for an expired card (decision 014): errorID 10, with the update-card link. */
export const EXPIRED = '54';

/** A card the provider declined, as the customer reads it: its text (z3), or `fallback` without one. */
export const declinedRefusal = (z2: string | null, z3: string | null, fallback: Refusal): Refusal =>
  z2 === EXPIRED
    ? Refusal.cardExpired
    : { errorID: fallback.errorID, errorMessage: z3 || fallback.errorMessage };
