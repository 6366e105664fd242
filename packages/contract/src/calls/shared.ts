import { z } from 'zod';
import { MAX_AMOUNT, MIN_AMOUNT, QUOTE_REPAYMENT_WINDOW } from '../constants';
import { isIsoDate } from '../dates';
import { repaymentDateProblem } from '../pricing/quote';
import { isWageFrequencyId, WageFrequencyId } from '../pricing/repayment-dates';
import { addressFields, addressMissing, checkAddress } from '../rules/address';
import { creditCardSchema } from '../rules/card';
import { alwaysCheck, NOT_BLANK } from '../rules/common';
import { Msg } from '../rules/messages';

/** A calendar date, `yyyy-MM-dd`; the document shows it as `format: date` with the pattern that checks it. */
export const isoDateField = (message: string) => z.iso.date({ error: message });

/**
 * The first repayment date of a quote, a lead or a repeat loan. The window moves with today, so the
 * document can only describe it.
 */
export const quoteRepaymentDateField = isoDateField(Msg.nextPayDate)
  // A value that is not a date already has its message (the format check does not stop the others).
  .refine((d) => !isIsoDate(d) || repaymentDateProblem(d) === null, { error: Msg.repaymentWindow })
  .meta({
    description:
      `A working day (not a weekend or an England and Wales bank holiday) ${QUOTE_REPAYMENT_WINDOW.minDays} ` +
      `to ${QUOTE_REPAYMENT_WINDOW.maxDays} days after today in the Europe/London calendar. A wage ` +
      'frequency with a fixed date (its enableDate in GetDictionaries) is priced from that date instead.',
  });

const WAGE_FREQUENCY_IDS: number[] = Object.values(WageFrequencyId);
/** The wage frequency ids are consecutive today, so a range states them in the document. */
export const WAGE_FREQUENCY_ID_RANGE = {
  min: Math.min(...WAGE_FREQUENCY_IDS),
  max: Math.max(...WAGE_FREQUENCY_IDS),
};

/** A wage frequency the pricing knows. */
export const wageFrequencyIdField = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(WAGE_FREQUENCY_ID_RANGE.min, { error: message })
    .max(WAGE_FREQUENCY_ID_RANGE.max, { error: message })
    // The range alone would let a gap through if the ids ever stopped being consecutive. Not a type guard:
    // the forms' payload types keep a plain number.
    .refine((id): boolean => isWageFrequencyId(id), { error: message });

export const guidField = z.uuid({ error: Msg.invalidLink });

export const tokenPairSchema = z.object({ token: z.string(), refreshToken: z.string() });

export const appStatusSchema = z.object({
  appStatusID: z.number().int(),
  appGuid: z.string().nullable(),
});

/** Billing address of a card: `isHomeAddress` false means the fields below were given. */
const cardAddressSchema = (variant: 'billing' | 'lead') =>
  z
    .object(
      {
        ...addressFields(variant),
        isHomeAddress: z.boolean({ error: Msg.homeAddressChoice }).default(false),
      },
      { error: addressMissing(variant) },
    )
    .superRefine((a, ctx) => checkAddress(a, ctx, variant), alwaysCheck);
export const billingAddressSchema = cardAddressSchema('billing');
/** The lead page's card address: every manual field required, county too (spec section 5). */
export const leadBillingAddressSchema = cardAddressSchema('lead');

/** The provider's answer the page hands on, where the server confirms it (stage 2, a new card). */
export const providerReference = z
  .string({ error: Msg.cardCheck })
  .trim()
  .regex(NOT_BLANK, { error: Msg.cardCheck })
  .max(200, { error: Msg.cardCheck });

/** What the card provider's check hands back; a person never types these. */
const cardCheckText = z.string({ error: Msg.cardCheck }).max(200, { error: Msg.cardCheck }).nullish();

/** What the card provider's check (3-D Secure) hands back to the page. */
export const cardCheckResultShape = {
  pKey: cardCheckText,
  trxId: cardCheckText,
  isSignature: z.boolean({ error: Msg.cardCheck }).nullish(),
};

/** The card-check part shared by stage 2, add card, card payment, repeat loan and the lead page. */
export const cardCheckShape = { creditCard: creditCardSchema, ...cardCheckResultShape };

/** Amount in whole pounds as the forms send it. */
export const poundsField = (required: string, tooHigh: string) =>
  z
    .number({ error: required })
    .int({ error: required })
    .min(MIN_AMOUNT, { error: required })
    .max(MAX_AMOUNT, { error: tooHigh });

/** A string body: some calls post a bare JSON string (spec section 7). */
export const stringBody = (message: string, max = 300) =>
  z.string({ error: message }).trim().regex(NOT_BLANK, { error: message }).max(max, { error: message });
