import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';
import { hashPassword, verifyPassword } from './password-hashing';

describe('password hashing', () => {
  it('stores an argon2id hash that verifies only the same password', async () => {
    const stored = await hashPassword('Sunny-Meadow-42');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored).not.toContain('Sunny-Meadow-42');
    expect(await verifyPassword(stored, 'Sunny-Meadow-42')).toBe(true);
    expect(await verifyPassword(stored, 'sunny-meadow-42')).toBe(false);
    expect(await hashPassword('Sunny-Meadow-42')).not.toBe(stored);
  });

  it('refuses every password when there is no stored hash, or a damaged one', async () => {
    expect(await verifyPassword(null, 'Sunny-Meadow-42')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'Sunny-Meadow-42')).toBe(false);
  });

  it('takes about as long without a stored hash as with one (no hint which e-mails have accounts)', async () => {
    const stored = await hashPassword('Sunny-Meadow-42');
    await verifyPassword(null, 'warm-up');
    const time = async (s: string | null) => {
      const start = performance.now();
      for (let i = 0; i < 3; i++) await verifyPassword(s, 'Wrong-guess-1');
      return performance.now() - start;
    };
    const real = await time(stored);
    const none = await time(null);
    expect(none).toBeGreaterThan(real * 0.5);
  });
});

describe('the common-password list', () => {
  it.each(['Password1', 'PASSWORD1', 'Qwerty123', 'Passw0rd', 'Abc123', 'Liverpool1'])('refuses %s', (p) => {
    expect(isCommonPassword(p)).toBe(true);
  });

  it.each(['Sunny-Meadow-42', 'Kestrel2026x', 'Tq7vLm2p'])('lets %s through', (p) => {
    expect(isCommonPassword(p)).toBe(false);
  });
});
