import { describe, expect, it } from 'vitest';
import { AFFORDABILITY_BUFFER, assessAffordability } from './assess-affordability';

describe('assessAffordability', () => {
  it('approves when exactly the buffer is left, and declines a penny short of it', () => {
    // £2,000 a month: the buffer is a tenth, £200.
    const base = { netIncomePence: 200_000, instalmentPence: 12_637 };
    const atBuffer = 200_000 - 20_000 - 12_637;
    expect(assessAffordability({ ...base, expensesPence: atBuffer })).toEqual({
      approved: true,
      bufferPence: 20_000,
      leftPence: 20_000,
    });
    expect(assessAffordability({ ...base, expensesPence: atBuffer + 1 })).toEqual({
      approved: false,
      bufferPence: 20_000,
      leftPence: 19_999,
    });
  });

  it('never asks less than the £50 floor, however small the income', () => {
    expect(AFFORDABILITY_BUFFER.minimumPence).toBe(5_000);
    const small = assessAffordability({
      netIncomePence: 30_000,
      expensesPence: 20_000,
      instalmentPence: 5_001,
    });
    expect(small).toEqual({ approved: false, bufferPence: 5_000, leftPence: 4_999 });
    expect(
      assessAffordability({ netIncomePence: 30_000, expensesPence: 20_000, instalmentPence: 5_000 }).approved,
    ).toBe(true);
  });

  it('rounds a tenth of an odd income up, so rounding never lowers the buffer', () => {
    expect(
      assessAffordability({ netIncomePence: 100_001, expensesPence: 0, instalmentPence: 0 }).bufferPence,
    ).toBe(10_001);
  });

  it('declines when the instalment alone is more than what is left after expenses', () => {
    const r = assessAffordability({
      netIncomePence: 150_000,
      expensesPence: 140_000,
      instalmentPence: 20_000,
    });
    expect(r).toEqual({ approved: false, bufferPence: 15_000, leftPence: -10_000 });
  });
});
