import crypto from 'node:crypto';
import { sha256 } from '../../lib/secrets';

export type SandboxMerchant = { merchantId: string; staticKey: string; secretKey: string };

/** Equal-length digests, so the comparison takes the same time however much of a guess is right. */
const sameSecret = (a: string, b: string) =>
  crypto.timingSafeEqual(Buffer.from(sha256(a), 'hex'), Buffer.from(sha256(b), 'hex'));

/**
 * The merchant a server-to-server call comes from: its secret key in `authorization: Bearer ...` and
 * its id in the body must belong together. The static key is public, so it never passes here.
 */
export function merchantOfCall(
  merchants: SandboxMerchant[],
  authorization: string | undefined,
  merchantId: string,
): SandboxMerchant | undefined {
  const secret = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  if (!secret) return undefined;
  return merchants.find((m) => sameSecret(m.secretKey, secret) && m.merchantId === merchantId);
}

/** The merchant a browser's tokenisation names, by its id and public static key. */
export const merchantOfPage = (merchants: SandboxMerchant[], merchantId: string, staticKey: string) =>
  merchants.find((m) => m.merchantId === merchantId && m.staticKey === staticKey);
