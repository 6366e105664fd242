import crypto from 'node:crypto';
import type { DbExecutor } from '../../db/create-db';
import { sha256 } from '../../lib/secrets';
import { oneTimeSecrets } from '../one-time-secrets/one-time-secret';

/** Document/GetDownloadLink's guid lives five minutes and opens its document once (issue 28). */
export const DOCUMENT_LINK_TTL_SECONDS = 300;

/** Single-use download links of documents: only the guid's SHA-256 is stored. */
export function documentLinks(db: DbExecutor) {
  const secrets = oneTimeSecrets(db, 'document_links', { hash: 'token_hash', owner: 'customer_id' });
  return {
    async issue(customerId: number, documentId: number): Promise<string> {
      // A v4 UUID: the spec's 'documentGuid', 122 random bits.
      const guid = crypto.randomUUID();
      await secrets.insert(
        { customer_id: customerId, document_id: documentId },
        sha256(guid),
        DOCUMENT_LINK_TTL_SECONDS,
      );
      return guid;
    },
    /** The document and its owner, once: null when the guid is unknown, used or expired. */
    async redeem(guid: string): Promise<{ documentId: number; customerId: number } | null> {
      const row = await secrets.findLive(sha256(guid));
      if (!row || !(await secrets.claim(row.id))) return null;
      return { documentId: row.document_id, customerId: row.customer_id };
    },
  };
}
