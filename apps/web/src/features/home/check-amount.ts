import { MAX_AMOUNT, MIN_AMOUNT, type QUICK_AMOUNTS } from '@lender/contract/constants';
import { parseWholePounds } from '@lender/contract/money';
import { Msg } from '@lender/contract/rules/messages';

export type AmountChoice = (typeof QUICK_AMOUNTS)[number] | 'other';

/**
 * Home's amount rule (spec section 5): nothing chosen, or Other left empty, is 'Choose Amount'; an Other
 * amount outside the contract's limits, 0 included, is the spec's out-of-range message.
 */
export function checkAmount(amount: AmountChoice | null, other: string): number | string {
  if (amount === null) return Msg.chooseAmount;
  if (amount !== 'other') return amount;
  if (other.trim() === '') return Msg.chooseAmount;
  const value = parseWholePounds(other);
  if (value === undefined || value < MIN_AMOUNT || value > MAX_AMOUNT) return Msg.amountTooHigh;
  return value;
}
