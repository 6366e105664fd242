import { EXPENSE_LIMITS, type ExpenseKey } from './constants';

/* The pre-claim area's periods and the Financial Statement's lines (issue 28), without zod: the web imports them statically. */

/**
 * The Pre-Action Protocol for Debt Claims (England and Wales, para 5.1): the customer has 30 days from the
 * date of the Letter of Claim to reply; when the reply says they are getting debt advice, no claim is
 * started for a further 30 days (para 6.3: reasonable time to get it).
 */
export const PRE_CLAIM_REPLY_DAYS = 30;
export const PRE_CLAIM_ADVICE_DAYS = 30;

/** The Financial Statement's income, a month, after tax (the Standard Financial Statement's headings). */
export const INCOME_LABELS = {
  wages: 'Take-home pay from work',
  partnerWages: "Partner's take-home pay",
  benefits: 'Benefits and tax credits',
  pension: 'Pensions',
  otherIncome: 'Other income',
} as const;
export type IncomeKey = keyof typeof INCOME_LABELS;

/** Its outgoings, a month: stage 3's 15 categories, so the application's figures can fill them in. */
export const OUTGOING_LABELS: Record<ExpenseKey, string> = {
  rent: 'Rent or mortgage',
  utility: 'Gas, electricity and water',
  food: 'Food and housekeeping',
  transport: 'Travel and transport',
  creditCommitment: 'Other credit and loan repayments',
  councilTax: 'Council tax',
  healthBeauty: 'Health and personal care',
  recreation: 'Leisure',
  restaurants: 'Eating out',
  education: 'Education and childcare',
  clothingFootwear: 'Clothing and footwear',
  householdGoods: 'Household goods and repairs',
  alcoholTobacco: 'Alcohol and tobacco',
  communicationEntertainment: 'Phone, internet and TV',
  otherOutgoing: 'Other outgoings',
};
export const INCOME_KEYS = Object.keys(INCOME_LABELS) as IncomeKey[];
export const OUTGOING_KEYS = Object.keys(EXPENSE_LIMITS) as ExpenseKey[];
