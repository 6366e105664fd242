import { sha256 } from '../../lib/secrets';

/**
 * A partner's key as the server meets it: in the `Authorization` header, kept as its hash. Shared by the
 * principal plugin (which checks it on every partner call) and the partner feature (which issues keys).
 */

/** The key as stored: its SHA-256 (a key is random and long, so no salt or slow hash is needed). */
export const partnerKeyHash = (key: string) => sha256(key);

/**
 * The key of an `Authorization: Bearer <key>` header, or null when the header is missing or is not a
 * bearer of a key's shape: such a request is refused without a database read.
 */
export function bearerKeyOf(header: string | undefined): string | null {
  const match = /^Bearer +([A-Za-z0-9]{24,128}) *$/i.exec(header ?? '');
  return match ? match[1]! : null;
}
