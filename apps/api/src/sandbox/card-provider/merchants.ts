import crypto from 'node:crypto';
import { sha256 } from '../../lib/secrets';

export type SandboxMerchant = { merchantId: string; staticKey: string; secretKey: string };

const digest = (secret: string) => Buffer.from(sha256(secret), 'hex');
/** Each merchant's secret key's digest, made once (the sandbox answers a charge per loan on a due day). */
const secretDigests = new WeakMap<SandboxMerchant, Buffer>();
const secretDigestOf = (merchant: SandboxMerchant) => {
  let known = secretDigests.get(merchant);
  if (!known) secretDigests.set(merchant, (known = digest(merchant.secretKey)));
  return known;
};

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
  // Equal-length digests, so the comparison takes the same time however much of a guess is right.
  const given = digest(secret);
  return merchants.find(
    (m) => crypto.timingSafeEqual(secretDigestOf(m), given) && m.merchantId === merchantId,
  );
}

/** The merchant a browser's tokenisation names, by its id and public static key. */
export const merchantOfPage = (merchants: SandboxMerchant[], merchantId: string, staticKey: string) =>
  merchants.find((m) => m.merchantId === merchantId && m.staticKey === staticKey);
