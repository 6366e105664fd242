import { describe, expect, it } from 'vitest';
import { decrypt, encrypt, randomToken, sha256 } from './secrets';

const KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
const OTHER_KEY = 'ff'.repeat(32);

describe('secrets', () => {
  it('encrypts so that only the key reads it back', () => {
    const sealed = encrypt('12345678', KEY);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('12345678');
    expect(decrypt(sealed, KEY)).toBe('12345678');
    expect(() => decrypt(sealed, OTHER_KEY)).toThrow();
  });

  it('uses a fresh IV each time', () => {
    expect(encrypt('12345678', KEY)).not.toBe(encrypt('12345678', KEY));
  });

  it('detects tampering', () => {
    const [v, iv, tag, data] = encrypt('12345678', KEY).split('.') as [string, string, string, string];
    const flipped = (data[0] === 'A' ? 'B' : 'A') + data.slice(1);
    expect(() => decrypt([v, iv, tag, flipped].join('.'), KEY)).toThrow();
    expect(() => decrypt(`v2.${iv}.${tag}.${data}`, KEY)).toThrow('Unsupported sealed value');
  });

  it('makes random URL-safe tokens and hex hashes', () => {
    const a = randomToken();
    expect(a).toMatch(/^[\w-]{43}$/);
    expect(randomToken()).not.toBe(a);
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
