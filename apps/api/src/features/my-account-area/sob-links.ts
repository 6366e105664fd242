import crypto from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
import type { DbExecutor } from '../../db/create-db';
import { oneTimeSecrets } from '../../entities/one-time-secrets/one-time-secret';
import { sha256 } from '../../lib/secrets';

const PURPOSE = 'sob-download';
/** Long enough to open the new tab, short enough that a URL found in a history or a log is dead. */
export const SOB_LINK_TTL_SECONDS = 120;

/**
 * The summary of borrowing's download links (issue 25): a token of its own, single use, two minutes;
 * never the bearer token, which would live on in browser histories and proxy logs.
 */
export function sobLinks(db: DbExecutor) {
  const secrets = oneTimeSecrets(db, 'one_time_tokens', { hash: 'token_hash', owner: 'customer_id' });
  const ofPurpose = sql<SqlBool>`purpose = ${PURPOSE}`;
  return {
    async issue(customerId: number): Promise<string> {
      const token = crypto.randomBytes(32).toString('base64url');
      await secrets.insert(
        { customer_id: customerId, purpose: PURPOSE },
        sha256(token),
        SOB_LINK_TTL_SECONDS,
      );
      return token;
    },
    /** The customer the token was issued to, once: null when unknown, used or expired. */
    async redeem(token: string): Promise<number | null> {
      const row = await secrets.findLive(sha256(token), ofPurpose);
      if (!row || !(await secrets.claim(row.id))) return null;
      return row.customer_id;
    },
  };
}

export type SobLinks = ReturnType<typeof sobLinks>;
