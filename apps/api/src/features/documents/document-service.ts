import {
  MAX_UPLOAD_BYTES,
  MAX_UPLOADS_PER_CUSTOMER,
  type DocumentList,
} from '@lender/contract/calls/document';
import { Refusal } from '@lender/contract/envelope';
import { Msg } from '@lender/contract/rules/messages';
import type { AppContext } from '../../app-context';
import { staffActor } from '../../entities/audit/actor';
import { auditRepository } from '../../entities/audit/audit-repository';
import { documentLinks } from '../../entities/documents/document-links';
import { documentRepository, type DocumentRow } from '../../entities/documents/document-repository';
import { extensionOf, mediaTypeOf } from '../../entities/documents/media-type';
import { documentStoreFor } from '../../lib/document-store';
import { entryNames, type StoredDictionaries } from '../../lib/dictionary-store';

/** The PDF of the customer's summary of borrowing as of today (the borrow area makes it). */
export type SummaryPdf = (customerId: number) => Promise<Uint8Array>;

/** What the category column says of the lender's documents. */
const LENDER_CATEGORY: Record<Exclude<DocumentRow['kind'], 'upload'>, string> = {
  agreement: 'Loan agreement',
  summary: 'Summary of borrowing',
  letter: 'Letter from us',
  reply: 'Your reply',
};

export type Upload =
  | { ok: true; documentSourceID: number }
  | { ok: false; refusal: Refusal }
  | { ok: false; field: string; message: string };

export type Download = { bytes: Uint8Array; contentType: string; fileName: string };

/**
 * The customer's documents (docs/decisions/028): their uploads, kept encrypted under random keys, and the
 * lender's (agreements, the summary of borrowing, letters, replies), each opened through a single-use
 * link. Every read names the customer, so another customer's document is never found.
 */
export function documentService(ctx: AppContext, dictionaries: StoredDictionaries, summaryPdf: SummaryPdf) {
  const documents = documentRepository(ctx.db);
  const links = documentLinks(ctx.db);
  const store = documentStoreFor(ctx.config);
  const categoryName = entryNames(dictionaries, 'documentCategories');

  async function bytesOf(doc: DocumentRow): Promise<Uint8Array> {
    if (doc.kind === 'summary') return summaryPdf(doc.customer_id);
    if (doc.kind === 'agreement') {
      const signature = await ctx.db
        .selectFrom('esign_signatures')
        .select('pdf_base64')
        .where('application_id', '=', doc.application_id ?? -1)
        .executeTakeFirstOrThrow();
      return Buffer.from(signature.pdf_base64, 'base64');
    }
    if (!doc.storage_key) throw new Error(`document ${doc.id} has no file`);
    return store.get(doc.storage_key);
  }

  async function fileOf(
    guid: string,
    staffId: number | null,
  ): Promise<(Download & { customerId: number; documentId: number }) | null> {
    const link = await links.redeem(guid, staffId);
    if (!link) return null;
    const doc = await documents.ofCustomer(link.customerId, link.documentId);
    if (!doc) return null;
    const name = doc.kind === 'upload' ? 'document' : doc.kind === 'agreement' ? 'loan-agreement' : doc.kind;
    return {
      bytes: await bytesOf(doc),
      contentType: doc.content_type,
      fileName: `kestrel-${name}-${doc.id}.${extensionOf(doc.content_type)}`,
      customerId: doc.customer_id,
      documentId: doc.id,
    };
  }

  return {
    async upload(customerId: number, categoryId: number, bytes: Buffer): Promise<Upload> {
      // The route's stream stops at the limit; this guards any other caller.
      if (bytes.length > MAX_UPLOAD_BYTES) return { ok: false, refusal: Refusal.uploadTooLarge };
      const contentType = mediaTypeOf(bytes);
      if (!contentType) return { ok: false, field: 'file', message: Msg.documentType };
      // A customer at the cap is refused before their file is written; the count that decides is the
      // one storeUploadUnderCap makes under the customer's lock (uploads sent at once race past this one).
      if ((await documents.uploadsOf(customerId)) >= MAX_UPLOADS_PER_CUSTOMER) {
        return { ok: false, refusal: Refusal.uploadLimit };
      }
      const id = await documents.storeUploadUnderCap(
        store,
        {
          customer_id: customerId,
          kind: 'upload',
          category_id: categoryId,
          title: categoryName(categoryId) || 'Document',
          application_id: null,
          reference: null,
          content_type: contentType,
        },
        bytes,
        MAX_UPLOADS_PER_CUSTOMER,
      );
      return id === null ? { ok: false, refusal: Refusal.uploadLimit } : { ok: true, documentSourceID: id };
    },

    async list(customerId: number): Promise<DocumentList> {
      await documents.addLenderDocuments(customerId);
      const [rows, uploads] = await Promise.all([
        documents.listOf(customerId),
        documents.uploadsOf(customerId),
      ]);
      return {
        documents: rows.map((d) => ({
          documentSourceID: d.id,
          kind: d.kind,
          title: d.title,
          category: d.kind === 'upload' ? categoryName(d.category_id ?? 0) : LENDER_CATEGORY[d.kind],
          documentCategoryID: d.kind === 'upload' ? d.category_id : null,
          applicationID: d.kind === 'agreement' ? d.application_id : null,
          date: d.created_on,
          contentType: d.content_type,
          canDelete: d.kind === 'upload',
        })),
        uploadsLeft: Math.max(0, MAX_UPLOADS_PER_CUSTOMER - uploads),
      };
    },

    /** A guid for DownloadDocument, only for the customer's own document; null otherwise. */
    async link(customerId: number, documentId: number): Promise<string | null> {
      const doc = await documents.ofCustomer(customerId, documentId);
      return doc ? links.issue(customerId, doc.id) : null;
    },

    /** The file of a live guid, once; null when the guid is unknown, used or expired, or its file gone. */
    download: (guid: string) => fileOf(guid, null),

    /**
     * A single-use link to the customer's document for a member of staff (issue 48 item 4), audited with
     * the address it was asked from; null when the customer has no such document.
     */
    async staffLink(
      customerId: number,
      documentId: number,
      by: { staffId: number; address: string },
    ): Promise<string | null> {
      const doc = await documents.ofCustomer(customerId, documentId);
      if (!doc) return null;
      const guid = await links.issueForStaff(customerId, doc.id, by.staffId);
      await auditRepository(ctx.db).record({
        actor: staffActor(by.staffId),
        action: 'document-link-issued',
        subject: { type: 'customer', id: String(customerId) },
        details: { address: by.address, documentId: doc.id, kind: doc.kind, title: doc.title },
      });
      return guid;
    },

    /** The file of a link made for this member, once; null for a used, expired or another's link. */
    async staffDownload(guid: string, by: { staffId: number; address: string }): Promise<Download | null> {
      const file = await fileOf(guid, by.staffId);
      if (file) {
        await auditRepository(ctx.db).record({
          actor: staffActor(by.staffId),
          action: 'document-downloaded',
          subject: { type: 'customer', id: String(file.customerId) },
          details: { address: by.address, documentId: file.documentId },
        });
      }
      return file;
    },

    /** Deletes the customer's own upload; the lender's documents stay (a refusal), another's is not found. */
    async delete(customerId: number, documentId: number): Promise<Refusal | null> {
      const doc = await documents.ofCustomer(customerId, documentId);
      if (!doc) return Refusal.documentNotFound;
      if (doc.kind !== 'upload') return Refusal.documentNotDeletable;
      if (!(await documents.deleteUpload(customerId, doc.id))) return Refusal.documentNotFound;
      if (doc.storage_key) await store.delete(doc.storage_key);
      return null;
    },
  };
}

export type DocumentService = ReturnType<typeof documentService>;
