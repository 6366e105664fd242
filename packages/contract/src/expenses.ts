/** The 15 monthly expenses as typed amounts (docs/decisions/035), without zod: the web page imports it. */
import { EXPENSE_LIMITS, type ExpenseKey } from './constants';
import { poundsToPence, type Pence } from './money';
import { Msg } from './rules/messages';

export const EXPENSE_KEYS = Object.keys(EXPENSE_LIMITS) as ExpenseKey[];

/** The spec's names of the 15 expense categories (section 9): each field's label. */
export const EXPENSE_LABELS: Record<ExpenseKey, string> = {
  rent: 'Rent',
  utility: 'Utility',
  food: 'Food',
  transport: 'Transport',
  creditCommitment: 'Credit commitment',
  councilTax: 'Council tax',
  healthBeauty: 'Health/beauty',
  recreation: 'Recreation',
  restaurants: 'Restaurants',
  education: 'Education',
  clothingFootwear: 'Clothing/footwear',
  householdGoods: 'Household goods',
  alcoholTobacco: 'Alcohol/tobacco',
  communicationEntertainment: 'Communication/entertainment',
  otherOutgoing: 'Other outgoing',
};

/** Each category as a sentence names it: 'Enter your monthly rent, or 0'. */
const EXPENSE_NOUNS: Record<ExpenseKey, string> = {
  rent: 'rent',
  utility: 'utility bills',
  food: 'food costs',
  transport: 'transport costs',
  creditCommitment: 'credit commitments',
  councilTax: 'council tax',
  healthBeauty: 'health and beauty costs',
  recreation: 'recreation costs',
  restaurants: 'restaurant costs',
  education: 'education costs',
  clothingFootwear: 'clothing and footwear costs',
  householdGoods: 'household goods costs',
  alcoholTobacco: 'alcohol and tobacco costs',
  communicationEntertainment: 'communication and entertainment costs',
  otherOutgoing: 'other outgoings',
};

// Whole pounds with thousands separators, as the limit is printed: '£5,000'.
const limitText = (pounds: number) => `£${pounds.toLocaleString('en-GB')}`;

/** A category's three messages: left empty, not an amount of money, above its limit. */
export const expenseMessages = (key: ExpenseKey) => ({
  missing: Msg.expenseMissing(EXPENSE_NOUNS[key]),
  format: Msg.expenseFormat(EXPENSE_NOUNS[key]),
  tooHigh: Msg.expenseTooHigh(EXPENSE_NOUNS[key], limitText(EXPENSE_LIMITS[key])),
});

/** Every expense message there is (the contract's test of request messages knows them all). */
export const ALL_EXPENSE_MESSAGES = EXPENSE_KEYS.flatMap((k) => Object.values(expenseMessages(k)));

/** The sum of the amounts that are amounts (in pence, so 0.1 + 0.2 is 30p): a running total. */
export const totalPence = (amounts: readonly (number | undefined)[]): Pence =>
  amounts.reduce<number>(
    (sum, a) => (a !== undefined && Number.isFinite(a) && a >= 0 ? sum + poundsToPence(a) : sum),
    0,
  );

/** How an amount in pounds is shown back in its field: '850', '850.50' (pence always as two digits). */
export const typedPounds = (pounds: number) =>
  Number.isInteger(pounds) ? String(pounds) : pounds.toFixed(2);
