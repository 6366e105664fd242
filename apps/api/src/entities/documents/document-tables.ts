import type { Generated } from 'kysely';

/**
 * A document a customer can open (issue 28, docs/decisions/028): an upload or a letter kept in the
 * document store under a random `storage_key` (encrypted), a signed agreement read from its signature, or
 * the summary of borrowing made on the day it is opened.
 */
export interface DocumentTable {
  id: Generated<number>;
  customer_id: number;
  kind: 'agreement' | 'summary' | 'letter' | 'reply' | 'upload';
  /** An upload's category (dictionary 30, documentCategories); null for the lender's documents. */
  category_id: number | null;
  title: string;
  application_id: number | null;
  /** 'agreement:<application>', 'summary:<customer>': the lender's documents made when first listed. */
  reference: string | null;
  storage_key: string | null;
  /** Found from the content (an upload) or known (a PDF the lender makes); never the browser's claim. */
  content_type: string;
  size_bytes: number | null;
  sha256: string | null;
  /** The business date it was made or uploaded. */
  created_on: string;
  created_at: string;
  deleted_at: string | null;
}

/** A single-use download link: the guid's SHA-256, five minutes. */
export interface DocumentLinkTable {
  id: Generated<number>;
  document_id: number;
  customer_id: number;
  /** The member of staff the link was made for (issue 48); null for the customer's own link. */
  staff_id: Generated<number | null>;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}
