import { describe, expect, it } from 'vitest';
import { formatPence, parseWholePounds, poundsToPence } from './money';

describe('parseWholePounds', () => {
  it('reads whole pounds as people type them', () => {
    expect(parseWholePounds('250')).toBe(250);
    expect(parseWholePounds(' £1,000 ')).toBe(1000);
    expect(parseWholePounds('0')).toBe(0);
  });

  it('gives undefined for empty text and anything that is not a whole number of pounds', () => {
    for (const text of ['', '   ', '£', '12.50', '-5', '1e3', 'ten', '0x10']) {
      expect(parseWholePounds(text), text).toBeUndefined();
    }
  });

  it('round-trips with the pence helpers', () => {
    expect(formatPence(poundsToPence(parseWholePounds('£300') ?? NaN))).toBe('£300.00');
  });
});
