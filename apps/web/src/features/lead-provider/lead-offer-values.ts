import type { leadOfferFormSchema } from '@lender/contract/calls/lead-provider';
import {
  clampLoadedPeriod,
  DEFAULT_COUNTRY,
  LEAD_SLIDER,
  QUOTE_REPAYMENT_WINDOW,
} from '@lender/contract/constants';
import type { WageFrequency } from '@lender/contract/dictionaries';
import type { z } from 'zod';
import { emptyAddress, type AddressValues } from '../../components/address/address-fields';
import {
  cardFieldFor,
  emptyCard,
  toCreditCardInput,
  type CardValues,
} from '../../components/card/card-values';
import { workingDaysInWindow } from '../../components/form/date-choice';
import { fixedDateOf } from '../../components/form/fixed-repayment-date';
import type { CardCheckResult } from '../../lib/card-check/check-card';
import { toCardSummary } from '../../lib/card-check/pending-card-check';
import type { LeadQuoteQuery } from './get-lead-quote';
import type { getLeadLanded } from './lead-landed';
import type { LandedLeadSubmission } from './submit-landed-lead';

export type LeadLanded = Awaited<ReturnType<typeof getLeadLanded>>;

/** What the lead page's form holds: the slider as a number, choices and typed text as strings. */
export type LeadOfferValues = {
  amount: number;
  period: string;
  wageFrequencyID: string;
  repaymentDate: string;
  creditCard: CardValues;
  isHomeAddress: boolean;
  address: AddressValues;
};

export type LeadOfferParsed = z.output<typeof leadOfferFormSchema>;

/** The quote's fields: Calculate checks these alone. */
export const QUOTE_FIELDS = ['amount', 'period', 'wageFrequencyID', 'repaymentDate'] as const;

/** The partner's amount on the slider's scale: within £150 to £1000, on a £50 step. */
export function sliderAmount(amount: number): number {
  const { min, max, step } = LEAD_SLIDER;
  const inRange = Math.min(max, Math.max(min, Number.isFinite(amount) ? amount : min));
  return min + Math.round((inRange - min) / step) * step;
}

/**
 * The form as the landing fills it. The server has clamped the period already; it is clamped again here
 * (spec section 4), as a partner's 12 must never reach a select that offers 1 to 6. A date the list does
 * not offer (a weekend, out of the window by now) starts empty rather than held out of sight.
 */
export function leadOfferDefaults(
  landed: LeadLanded,
  frequencies: WageFrequency[] | undefined,
): LeadOfferValues {
  const known = frequencies?.some((f) => f.id === landed.wageFrequency) ?? false;
  const wageFrequencyID = known ? String(landed.wageFrequency) : '';
  const fixedDate = fixedDateOf(frequencies, wageFrequencyID);
  const offered = workingDaysInWindow(QUOTE_REPAYMENT_WINDOW).includes(landed.repaymentDate);
  return {
    amount: sliderAmount(landed.amount),
    period: String(clampLoadedPeriod(landed.period)),
    wageFrequencyID,
    repaymentDate: fixedDate ?? (offered ? landed.repaymentDate : ''),
    creditCard: emptyCard,
    isHomeAddress: true,
    address: emptyAddress,
  };
}

// Dictionary ids and instalments start at 1: an empty choice is no value, and the schema gives its message.
const numberOf = (v: string) => (Number(v) || undefined) as number;

/** The form as the contract's leadOfferFormSchema reads it. */
export const toLeadOfferInput =
  (guid: string) =>
  (v: LeadOfferValues): z.input<typeof leadOfferFormSchema> => ({
    guid,
    amount: v.amount,
    period: numberOf(v.period),
    wageFrequencyID: numberOf(v.wageFrequencyID),
    repaymentDate: v.repaymentDate,
    creditCard: toCreditCardInput(v.creditCard),
    // Null when the card's address is the home address, as at stage 2.
    address: v.isHomeAddress ? null : { ...v.address, country: DEFAULT_COUNTRY, isHomeAddress: false },
  });

/** The quote's fields as GetQuote asks them. */
export const toQuoteQuery = (guid: string, v: LeadOfferValues): LeadQuoteQuery => ({
  guid,
  amount: v.amount,
  period: Number(v.period),
  repaymentDate: v.repaymentDate,
  wageFrequencyID: Number(v.wageFrequencyID),
});

/** The expiry has one message, shown on the month; the year's goes there too. */
export const leadOfferFieldFor = cardFieldFor('creditCard');

/** What our API receives: the checked form with the card cut down to its summary, and the provider's answer. */
export const toLandedLeadSubmission = (
  form: LeadOfferParsed,
  check: CardCheckResult,
): LandedLeadSubmission => ({
  guid: form.guid,
  amount: form.amount,
  period: form.period,
  wageFrequencyID: form.wageFrequencyID,
  repaymentDate: form.repaymentDate,
  creditCard: toCardSummary(form.creditCard),
  address: form.address,
  ...check,
});
