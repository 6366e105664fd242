import { z } from 'zod';
import { EXPENSE_LIMITS, type ExpenseKey } from '../constants';
import { expenseMessages } from '../expenses';
import { isWholePence } from '../money';

/**
 * One monthly expense in pounds (a number, pence as decimals) from 0 to its category's limit. Missing
 * (undefined, as an emptied field gives) says 'Enter your monthly rent, or 0'; anything else that is not
 * such an amount (NaN from text that is not money, a negative, a third decimal) says what to type.
 */
export const expenseField = (key: ExpenseKey) => {
  const m = expenseMessages(key);
  return z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? m.missing : m.format) })
    .min(0, { error: m.format })
    .max(EXPENSE_LIMITS[key], { error: m.tooHigh })
    .refine(isWholePence, { error: m.format })
    .meta({ description: `Pounds a month, 0 to ${EXPENSE_LIMITS[key]}, at most 2 decimal places (pence).` });
};
