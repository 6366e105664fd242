import { MAX_AMOUNT, MIN_AMOUNT, QUICK_AMOUNTS } from '@lender/contract/constants';
import { Msg } from '@lender/contract/rules/messages';
import { describe, expect, it } from 'vitest';
import { checkAmount } from './check-amount';

describe("home's amount rule", () => {
  it('asks for an amount when none is chosen, or Other is left empty', () => {
    expect(checkAmount(null, '')).toBe(Msg.chooseAmount);
    expect(checkAmount('other', '')).toBe(Msg.chooseAmount);
    expect(checkAmount('other', '  ')).toBe(Msg.chooseAmount);
  });

  it('takes a quick amount as it is', () => {
    for (const a of QUICK_AMOUNTS) expect(checkAmount(a, '')).toBe(a);
  });

  it("gives the spec's out-of-range message below the minimum (0) and above the maximum", () => {
    expect(checkAmount('other', '0')).toBe(Msg.amountTooHigh);
    expect(checkAmount('other', String(MIN_AMOUNT - 1))).toBe(Msg.amountTooHigh);
    expect(checkAmount('other', String(MAX_AMOUNT + 1))).toBe(Msg.amountTooHigh);
  });

  it('accepts the limits themselves', () => {
    expect(checkAmount('other', String(MIN_AMOUNT))).toBe(MIN_AMOUNT);
    expect(checkAmount('other', String(MAX_AMOUNT))).toBe(MAX_AMOUNT);
  });
});
