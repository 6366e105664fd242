import { createHmac, randomBytes } from 'node:crypto';

/**
 * TOTP two-factor codes (RFC 6238 over RFC 4226's HOTP) for staff sign-in, with node:crypto only: SHA-1,
 * 6 digits, 30-second steps, as every authenticator app defaults to. The caller keeps the last accepted
 * step per person so a code is never accepted twice (a code seen over a shoulder is useless afterwards).
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** One step either side absorbs a phone clock a little off without widening the window much. */
export const TOTP_WINDOW = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('Not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommended length for SHA-1), as base32. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

export const totpStep = (unixSeconds: number) => Math.floor(unixSeconds / TOTP_STEP_SECONDS);

/** RFC 4226 HOTP of one counter value, with the key as raw bytes. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export const totpCode = (secretBase32: string, unixSeconds: number) =>
  hotp(base32Decode(secretBase32), totpStep(unixSeconds));

/**
 * The step a code matches within ±TOTP_WINDOW of now, or null. Steps at or before `lastAcceptedStep` are
 * refused so the same code (or an older one) never signs in twice.
 */
export function verifyTotp(
  secretBase32: string,
  code: string,
  unixSeconds: number,
  lastAcceptedStep: number | null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secretBase32);
  const now = totpStep(unixSeconds);
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (lastAcceptedStep !== null && step <= lastAcceptedStep) continue;
    if (hotp(key, step) === code) return step;
  }
  return null;
}

/** What an authenticator app reads: shown as text and as a QR code (features/staff `qrSvg`). */
export const otpauthUri = (issuer: string, account: string, secretBase32: string) =>
  `otpauth://totp/${encodeURIComponent(`${issuer}:${account}`)}?secret=${secretBase32}` +
  `&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_STEP_SECONDS}`;
