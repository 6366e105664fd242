import { z } from 'zod';
import { CARD_EXPIRY_YEARS_AHEAD, FIELD_LENGTH } from '../constants';
import { londonToday } from '../dates';
import { alwaysCheck, requiredText } from './common';
import { Msg } from './messages';

/** The Luhn checksum every payment card number passes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * 12 to 16 digits, with the spaces and dashes a person may type between them (they are dropped). The
 * checksum cannot be a pattern, so the description says it.
 */
const CARD_NUMBER_TYPED = new RegExp(`^[\\s-]*(?:\\d[\\s-]*){12,${FIELD_LENGTH.cardNumber}}$`);
export const cardNumberField = z
  .string({ error: Msg.cardNumber })
  .regex(CARD_NUMBER_TYPED, { error: Msg.cardNumber })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .refine(passesLuhn, { error: Msg.cardNumber })
  .meta({ description: 'Passes the Luhn checksum.' });

export const securityCodeField = z
  .string({ error: Msg.securityCode })
  .trim()
  .regex(/^\d{3,4}$/, { error: Msg.securityCode });

const NAME_ON_CARD_MAX = 100;
export const nameOnCardField = requiredText(Msg.nameOnCard, NAME_ON_CARD_MAX);

/** Years offered in the expiry selector: this year to 10 years ahead. */
export function expiryYears(today: string = londonToday()): number[] {
  const year = Number(today.slice(0, 4));
  return Array.from({ length: CARD_EXPIRY_YEARS_AHEAD + 1 }, (_, i) => year + i);
}

/** endMonth is zero-based, as in the form; a card is valid to the end of its expiry month. */
export function isExpiryValid(endMonth: number, endYear: number, today: string = londonToday()): boolean {
  const years = expiryYears(today);
  if (!Number.isInteger(endMonth) || endMonth < 0 || endMonth > 11) return false;
  if (!years.includes(endYear)) return false;
  const thisYear = Number(today.slice(0, 4));
  const thisMonth = Number(today.slice(5, 7)) - 1;
  return endYear > thisYear || endMonth >= thisMonth;
}

const expiryFields = {
  endMonth: z
    .number({ error: Msg.expiry })
    .int({ error: Msg.expiry })
    .min(0, { error: Msg.expiry })
    .max(11, { error: Msg.expiry })
    .meta({ description: 'Zero-based: 0 is January. With endYear, not before this month.' }),
  endYear: z
    .number({ error: Msg.expiry })
    .int({ error: Msg.expiry })
    .meta({
      description: `This year to ${CARD_EXPIRY_YEARS_AHEAD} years ahead, in the Europe/London calendar.`,
    }),
};

const checkExpiry = (card: { endMonth: number; endYear: number }, ctx: z.RefinementCtx) => {
  if (!isExpiryValid(card.endMonth, card.endYear)) {
    ctx.addIssue({ code: 'custom', path: ['endMonth'], message: Msg.expiry });
  }
};

/** Card data as the forms hold it (spec section 3: endMonth zero-based). */
export const creditCardSchema = z
  .object(
    {
      nameOnCard: nameOnCardField,
      cardNumber: cardNumberField,
      securityCode: securityCodeField,
      ...expiryFields,
    },
    { error: Msg.cardDetails },
  )
  .superRefine(checkExpiry, alwaysCheck);
export type CreditCard = z.infer<typeof creditCardSchema>;

/**
 * The card as the application's API receives it once the card provider holds it: the number and the
 * security code go from the browser to the provider only (docs/decisions/014), so a payload carrying
 * either is refused rather than quietly dropped.
 */
export const cardSummarySchema = z
  .strictObject(
    { nameOnCard: nameOnCardField, ...expiryFields },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? Msg.cardNotHere : Msg.cardDetails) },
  )
  .superRefine(checkExpiry, alwaysCheck);
export type CardSummary = z.infer<typeof cardSummarySchema>;

// In a module without schemas, so the browser's card check does not load zod for it (issue 50).
export { toExpireDate } from '../card-expiry';

/** Only the last four digits may be shown or stored in clear. */
export const maskCardNumber = (cardNumber: string) => `**** **** **** ${cardNumber.slice(-4)}`;
