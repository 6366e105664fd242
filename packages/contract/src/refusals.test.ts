import { describe, expect, it } from 'vitest';
import { ErrorId } from './error-ids';
import { refuse } from './envelope';
import { Refusal, resendTooSoon } from './refusals';

describe('the table of refusals', () => {
  const entries = Object.entries(Refusal);

  it('writes each text once', () => {
    const texts = entries.map(([, r]) => r.errorMessage);
    const twice = texts.filter((t, i) => texts.indexOf(t) !== i);
    expect(twice).toEqual([]);
  });

  it('answers only ids the contract knows, never success', () => {
    const known = new Set<number>(Object.values(ErrorId));
    for (const [name, r] of entries) {
      expect(known.has(r.errorID), name).toBe(true);
      expect(r.errorID, name).not.toBe(ErrorId.none);
      expect(r.errorMessage.trim(), name).not.toBe('');
    }
  });

  it('keeps the texts of spec section 8 word for word', () => {
    expect(Refusal.generic).toEqual({ errorID: 100, errorMessage: 'Error Occured' });
    expect(Refusal.invalidSmsCode).toEqual({ errorID: 221, errorMessage: 'Not Valid SMS Code' });
    expect(Refusal.emailTaken).toEqual({ errorID: 1, errorMessage: 'Email already exists.' });
    expect(Refusal.loginFailed.errorMessage).toBe('Login failed. Check your login details.');
    expect(Refusal.wrongPassword.errorMessage).toBe('Changing password failed.');
  });

  it('makes the envelope of a refusal', () => {
    expect(refuse(Refusal.quoteClosed)).toEqual({
      error: { errorID: 2, errorMessage: 'This quote can no longer be accepted.' },
      object: null,
    });
    expect(refuse(resendTooSoon(12)).error).toEqual({
      errorID: 429,
      errorMessage: 'Please wait 12 seconds before asking for another one.',
    });
  });
});
