import { describe, expect, it } from 'vitest';
import { checkBudgets, categoriseBudgets } from './budgets';
import { benchStatement, CATEGORISE_TRANSACTIONS, type CategoriseFigures } from './categorise';

const figures = (overrides: Partial<CategoriseFigures> = {}): CategoriseFigures => ({
  transactions: 1_000,
  firstMs: 12,
  runs: 500,
  p50Ms: 1.2,
  p99Ms: 3.4,
  maxMs: 6,
  ...overrides,
});

describe('the open banking categoriser bench (issue 49)', () => {
  it('categorises the same 1,000 lines every run, in two accounts', () => {
    const accounts = benchStatement();
    expect(accounts.reduce((n, a) => n + a.transactions.length, 0)).toBe(CATEGORISE_TRANSACTIONS);
    expect(benchStatement()).toEqual(accounts);
  });

  it('holds the first call and the p99 to 50 ms each', () => {
    expect(categoriseBudgets(figures())).toEqual([
      expect.objectContaining({
        id: 'categorise',
        pass: true,
        actual: 'first 12 ms, p99 3.4 ms (p50 1.2 ms, 500 runs)',
      }),
    ]);
    expect(categoriseBudgets(figures({ firstMs: 50.5 }))[0]!.pass).toBe(false);
    expect(categoriseBudgets(figures({ p99Ms: 51 }))[0]!.pass).toBe(false);
  });

  it('has no row when the section did not run', () => {
    expect(checkBudgets({}).map((b) => b.id)).not.toContain('categorise');
    expect(checkBudgets({ categorise: figures() }).map((b) => b.id)).toContain('categorise');
  });
});
