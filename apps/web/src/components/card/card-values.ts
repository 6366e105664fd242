import type { CreditCard } from '@lender/contract/rules/card';

/** A card as its inputs hold it: strings, checked by the contract's creditCardSchema on submit. */
export type CardValues = {
  cardNumber: string;
  securityCode: string;
  nameOnCard: string;
  /** The month's number, 1 to 12, so a browser's card autofill picks the right one (see CardFields). */
  expiryMonth: string;
  endYear: string;
};

export const emptyCard: CardValues = {
  cardNumber: '',
  securityCode: '',
  nameOnCard: '',
  expiryMonth: '',
  endYear: '',
};

const num = (v: string) => (v.trim() === '' ? undefined : Number(v));

/** The card as the contract's creditCardSchema reads it; a missing part is left for the schema to name. */
export function toCreditCardInput(v: CardValues): CreditCard {
  const month = num(v.expiryMonth);
  return {
    cardNumber: v.cardNumber,
    securityCode: v.securityCode,
    nameOnCard: v.nameOnCard,
    // Zero-based in the payload (spec section 3).
    endMonth: (month === undefined ? undefined : month - 1) as number,
    endYear: num(v.endYear) as number,
  };
}

/**
 * The expiry has one message, shown on the month; the year's goes there too. For a form whose card sits
 * under `prefix` ('creditCard'); any other path is its own field.
 */
export const cardFieldFor = (prefix: string) => (path: string) =>
  path === `${prefix}.endMonth` || path === `${prefix}.endYear` ? `${prefix}.expiryMonth` : path;
