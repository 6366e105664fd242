import { describe, expect, it } from 'vitest';
import { finDataSchema } from './calls/register-stages';
import { expenseMessages, totalPence, typedPounds } from './expenses';
import { parseTypedPounds } from './money';

describe('typed expense amounts (docs/decisions/035)', () => {
  it('reads pounds as people type them', () => {
    expect(['850', '850.5', '850.50', '£850', ' 1,200 ', '.5', '12.'].map(parseTypedPounds)).toEqual([
      850, 850.5, 850.5, 850, 1200, 0.5, 12,
    ]);
    expect(parseTypedPounds('')).toBeUndefined();
    expect(parseTypedPounds('  ')).toBeUndefined();
    expect(parseTypedPounds('-5')).toBe(-5);
    expect(parseTypedPounds('£')).toBeUndefined();
    expect(['abc', '8.5.0', '1e3'].map(parseTypedPounds).every(Number.isNaN)).toBe(true);
  });

  it('adds up in pence, ignoring what is not an amount yet', () => {
    expect(totalPence([0.1, 0.2, 312.45, undefined, Number.NaN, -5])).toBe(31_275);
  });

  it('shows an amount back as typed: whole pounds bare, pence as two digits', () => {
    expect([850, 850.5, 0.01, 0].map(typedPounds)).toEqual(['850', '850.50', '0.01', '0']);
  });

  it("checks each amount with its category's own messages", () => {
    const zero = Object.fromEntries(
      [
        'rent',
        'utility',
        'food',
        'transport',
        'creditCommitment',
        'councilTax',
        'healthBeauty',
        'recreation',
        'restaurants',
        'education',
        'clothingFootwear',
        'householdGoods',
        'alcoholTobacco',
        'communicationEntertainment',
        'otherOutgoing',
      ].map((k) => [k, 0]),
    );
    const ok = finDataSchema.safeParse({ ...zero, rent: 850.5, food: 312.45, loanPurposeID: 1 });
    expect(ok.success).toBe(true);
    const bad = finDataSchema.safeParse({
      ...zero,
      rent: undefined,
      food: Number.NaN,
      utility: 1000.01,
      transport: 0.001,
      loanPurposeID: 1,
    });
    const messages = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      rent: 'Enter your monthly rent, or 0',
      food: 'Enter your monthly food costs in pounds, like 850 or 850.50',
      utility: 'Your monthly utility bills must be £1,000 or less',
      transport: expenseMessages('transport').format,
    });
  });
});
