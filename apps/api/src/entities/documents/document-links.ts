import crypto from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
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
    /**
     * A link for a member of staff (issue 48): the same life, and only their session may use it.
     */
    async issueForStaff(customerId: number, documentId: number, staffId: number): Promise<string> {
      const guid = crypto.randomUUID();
      await secrets.insert(
        { customer_id: customerId, document_id: documentId, staff_id: staffId },
        sha256(guid),
        DOCUMENT_LINK_TTL_SECONDS,
      );
      return guid;
    },
    /**
     * The document and its owner, once: null when the guid is unknown, used or expired, or made for
     * someone else: a customer's link (`staffId` null) or the member's own (a number). A link presented
     * by someone it is not for is left as it is.
     */
    async redeem(
      guid: string,
      staffId: number | null = null,
    ): Promise<{ documentId: number; customerId: number } | null> {
      const forWhom = staffId === null ? sql<SqlBool>`staff_id is null` : sql<SqlBool>`staff_id = ${staffId}`;
      const row = await secrets.findLive(sha256(guid), forWhom);
      if (!row || !(await secrets.claim(row.id))) return null;
      return { documentId: row.document_id, customerId: row.customer_id };
    },
  };
}
