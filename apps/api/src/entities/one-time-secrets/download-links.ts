import crypto from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
import type { DbExecutor } from '../../db/create-db';
import { sha256 } from '../../lib/secrets';
import { oneTimeSecrets } from './one-time-secret';

/** Long enough to open the new tab, short enough that a URL found in a history or a log is dead. */
export const DOWNLOAD_LINK_TTL_SECONDS = 120;

/**
 * Links that download one of a customer's documents (the summary of borrowing, a settlement statement):
 * a token of their own per `purpose`, single use, two minutes; never the bearer token, which would live
 * on in browser histories and proxy logs.
 */
export function downloadLinks(db: DbExecutor, purpose: string) {
  const secrets = oneTimeSecrets(db, 'one_time_tokens', { hash: 'token_hash', owner: 'customer_id' });
  const ofPurpose = sql<SqlBool>`purpose = ${purpose}`;
  return {
    async issue(customerId: number): Promise<string> {
      const token = crypto.randomBytes(32).toString('base64url');
      await secrets.insert({ customer_id: customerId, purpose }, sha256(token), DOWNLOAD_LINK_TTL_SECONDS);
      return token;
    },
    /** The customer the token was issued to, once: null when unknown, used, expired or of another purpose. */
    async redeem(token: string): Promise<number | null> {
      const row = await secrets.findLive(sha256(token), ofPurpose);
      if (!row || !(await secrets.claim(row.id))) return null;
      return row.customer_id;
    },
  };
}

export type DownloadLinks = ReturnType<typeof downloadLinks>;
