import { describe, expect, it } from 'vitest';
import { BRAND } from './brand';
import { CARD_REFUSALS, CARD_REFUSED_OTHERWISE, cardRefusalText, cardRefusalWords } from './card-refusals';

describe('card refusals in plain words (issue 31)', () => {
  it('gives every code a reason and a next step, each a sentence of its own', () => {
    for (const words of [...Object.values(CARD_REFUSALS), CARD_REFUSED_OTHERWISE]) {
      expect(words.reason).toMatch(/^[A-Z].*\.$/);
      expect(words.whatToDo).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('never repeats the provider jargon it replaces', () => {
    const all = JSON.stringify([CARD_REFUSALS, CARD_REFUSED_OTHERWISE]);
    expect(all).not.toMatch(/honour|authentication|merchant|transaction|issuer/i);
  });

  it('reads a code the provider sends as a number, and words an unknown one with the support number', () => {
    expect(cardRefusalWords(5)).toBe(CARD_REFUSALS['05']);
    expect(cardRefusalWords('99')).toBe(CARD_REFUSED_OTHERWISE);
    expect(cardRefusalWords(null)).toBe(CARD_REFUSED_OTHERWISE);
    expect(CARD_REFUSED_OTHERWISE.whatToDo).toContain(BRAND.supportPhone);
  });

  it('names the next steps the issue asks for: another card of your own, the expiry date, your bank', () => {
    expect(cardRefusalText('05')).toContain('ask your bank');
    expect(cardRefusalText('05')).toContain('another debit card in your own name');
    expect(cardRefusalText('54')).toContain('Check the expiry date');
  });
});
