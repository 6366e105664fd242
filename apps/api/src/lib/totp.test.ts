import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, otpauthUri, totpStep, verifyTotp } from './totp';

// RFC 6238 Appendix B: the SHA-1 seed is the ASCII "12345678901234567890"; the RFC prints 8 digits, and a
// 6-digit code is the last 6 of them (both are the same number modulo 10^6).
const SEED = Buffer.from('12345678901234567890', 'ascii');
const VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('totp', () => {
  it.each(VECTORS)('matches RFC 6238 at T=%i', (time, code) => {
    expect(hotp(SEED, totpStep(time), 8)).toBe(code);
    expect(hotp(SEED, totpStep(time))).toBe(code.slice(2));
  });

  it('round-trips base32', () => {
    expect(base32Encode(SEED)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').equals(SEED)).toBe(true);
  });

  it('accepts one step either side, not two, and never a step already used', () => {
    const secret = base32Encode(SEED);
    const t = 1111111111;
    const code = hotp(SEED, totpStep(t));
    expect(verifyTotp(secret, code, t, null)).toBe(totpStep(t));
    expect(verifyTotp(secret, code, t + 30, null)).toBe(totpStep(t));
    expect(verifyTotp(secret, code, t - 30, null)).toBe(totpStep(t));
    expect(verifyTotp(secret, code, t + 60, null)).toBeNull();
    expect(verifyTotp(secret, code, t, totpStep(t))).toBeNull();
    expect(verifyTotp(secret, '12345', t, null)).toBeNull();
  });

  it('builds the otpauth URI', () => {
    expect(otpauthUri('Lender', 'a@b.test', 'ABC')).toBe(
      'otpauth://totp/Lender%3Aa%40b.test?secret=ABC&issuer=Lender&algorithm=SHA1&digits=6&period=30',
    );
  });
});
