import { describe, expect, it } from 'vitest';
import { loanFromQuery } from './stage1-values';

const query = (q: string) => loanFromQuery(new URLSearchParams(q));

describe('loanFromQuery', () => {
  it('reads the loan the home page chose', () => {
    expect(query('amount=300&months=3&product=11')).toEqual({ productId: 11, amount: 300, duration: 3 });
    expect(query('amount=1000&months=1&product=4')).toEqual({ productId: 4, amount: 1000, duration: 1 });
    expect(query('amount=1&months=6&product=11')).toEqual({ productId: 11, amount: 1, duration: 6 });
  });

  it('treats a combination the products do not sell like a missing loan', () => {
    for (const q of [
      'amount=300&months=1&product=11', // an instalment loan is 2 to 6 months
      'amount=300&months=3&product=4', // a short-term loan is one month
      'amount=300&months=7&product=11',
      'amount=0&months=3&product=11',
      'amount=1001&months=3&product=11',
      'amount=300.5&months=3&product=11',
      'amount=300&months=3&product=5',
      'amount=300&months=3',
      '',
    ]) {
      expect(query(q), q).toBeNull();
    }
  });
});
