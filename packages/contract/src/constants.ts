/** Business constants of spec section 9. */

export const ProductId = { shortTerm: 4, longTerm: 11 } as const;
export type ProductId = (typeof ProductId)[keyof typeof ProductId];

export const INSTALMENT_MONTHS = [2, 3, 4, 5, 6] as const;
export const DEFAULT_INSTALMENT_MONTHS = 3;
export const SHORT_TERM_MONTHS = 1;
export const LEAD_AND_REPEAT_INSTALMENTS = [1, 2, 3, 4, 5, 6] as const;

/** The instalment counts a product is sold with: one payment short term, 2 to 6 for instalment loans. */
export const instalmentsFor = (productId: ProductId): readonly number[] =>
  productId === ProductId.shortTerm ? [SHORT_TERM_MONTHS] : INSTALMENT_MONTHS;
export const REPEAT_LOAN_DEFAULT_INSTALMENTS = 3;

export const QUICK_AMOUNTS = [200, 300, 500] as const;
export const MIN_AMOUNT = 1;
export const MAX_AMOUNT = 1000;
export const LEAD_SLIDER = { min: 150, max: 1000, step: 50 } as const;

/**
 * The lead page's loaded period (spec section 4): at or above the top of the range it starts at 4, below
 * the range at 1; anything between is kept.
 */
export function clampLoadedPeriod(period: number): number {
  if (period >= Math.max(...LEAD_AND_REPEAT_INSTALMENTS)) return 4;
  if (period < Math.min(...LEAD_AND_REPEAT_INSTALMENTS)) return 1;
  return period;
}
export const REPEAT_LOAN_AMOUNTS = [150, 200, 300, 400, 500, 600, 700, 800, 900, 1000] as const;
export const REPEAT_LOAN_DEFAULT_AMOUNT = 150;

export const MIN_NET_MONTHLY_INCOME = 100;
export const MIN_AGE = 18;
export const FIRST_BIRTH_YEAR = 1945;
export const DEPENDANTS = { min: 0, max: 10, default: 0 } as const;

/** Stage1 start of repayments: 6 to 45 days from today, weekends disabled. */
export const STAGE1_REPAYMENT_WINDOW = { minDays: 6, maxDays: 45 } as const;
/**
 * Quote, lead and repeat-loan repayment date window. The spec leaves the values out; we use the stage1
 * window so that a date accepted at stage1 is still accepted on the quote (docs/decisions/002).
 */
export const QUOTE_REPAYMENT_WINDOW = STAGE1_REPAYMENT_WINDOW;

export const RESCHEDULE_MAX_PAYMENTS = 3;
/**
 * Issue 46 item 7: a blocked loan's forbearance plan, paid by other means, may be as long as the customer
 * can afford (CONC 7.3.5: a longer period); the cap only bounds the request, at monthly payments a year.
 */
export const FORBEARANCE_MAX_PAYMENTS = 12;
/** The longest pause of collections: staff's (a plan in arrears) and a customer's getting debt advice (decision 075). */
export const PLAN_PAUSE_MAX_DAYS = 30;
export const PARTIAL_PAYMENT_MIN_SHARE = 0.1;

export const MAX_EMPLOYMENT_STATUS = 5;
export const MIN_LIVED_IN_ADDRESS = 1;
export const PAYMENT_SUCCESS_CODE = '0';

export const FIELD_LENGTH = {
  postCode: 8,
  flatNo: 30,
  building: 50,
  houseNumber: 12,
  street: 50,
  town: 25,
  county: 35,
  cardNumber: 16,
} as const;

export const CARD_EXPIRY_YEARS_AHEAD = 10;

export const EXPENSE_LIMITS = {
  rent: 5000,
  utility: 1000,
  food: 2000,
  transport: 2000,
  creditCommitment: 4000,
  councilTax: 2000,
  healthBeauty: 2000,
  recreation: 2000,
  restaurants: 2000,
  education: 2000,
  clothingFootwear: 2000,
  householdGoods: 2000,
  alcoholTobacco: 2000,
  communicationEntertainment: 2000,
  otherOutgoing: 2000,
} as const;
export type ExpenseKey = keyof typeof EXPENSE_LIMITS;
export const MIN_EXPENSE_CATEGORIES = 3;

export const SUMMARY_PERIOD_MONTHS = 12;
export const CURRENCY = 'GBP';
export const DEFAULT_DISCOUNT_PERCENT = 20;
export const DEFAULT_COUNTRY = 'United Kingdom';
export const LONDON_TZ = 'Europe/London';

/** Daily interest rates as fractions of the amount owed: 0.8% a day standard, 0.6% via a provider (spec section 1). */
export const DAILY_RATE_STANDARD = 0.008;
export const DAILY_RATE_PROVIDER = 0.006;
