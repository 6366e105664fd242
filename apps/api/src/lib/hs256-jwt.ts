import crypto from 'node:crypto';

/**
 * HS256 JSON Web Tokens with node:crypto, synchronously. The Web Crypto path (jose) hands every HMAC to
 * the thread pool, which made token checks the largest cost of a signed-in call; the format is the
 * standard one, so any JWT library reads these tokens and these checks read theirs.
 */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

const mac = (secret: string, data: string) => crypto.createHmac('sha256', secret).update(data).digest();

export function signHs256(payload: Record<string, unknown>, secret: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${HEADER}.${body}.${mac(secret, `${HEADER}.${body}`).toString('base64url')}`;
}

/** The payload of a well-formed, correctly signed, unexpired HS256 token; otherwise null. */
export function verifyHs256(
  token: string,
  secret: string,
  nowSeconds = Date.now() / 1000,
): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || token.length > 4096) return null;
  const [header, body, signature] = parts as [string, string, string];
  const expected = mac(secret, `${header}.${body}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  try {
    // The signature covers the header: only HS256 is accepted, never 'none' or another algorithm.
    const h = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
    if (h.alg !== 'HS256') return null;
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return null;
    const exp = (payload as { exp?: unknown }).exp;
    if (typeof exp !== 'number' || exp <= nowSeconds) return null;
    return payload as Record<string, unknown>;
  } catch {
    return null;
  }
}
