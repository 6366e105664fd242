import * as doc from './document';
import { call, empty, type CallDef } from './call-spec';

/** The Document controller's calls, in the order of the call table (`api-calls.ts`). */
export const documentCalls = {
  /**
   * Issue 28 (docs/decisions/028): a customer's evidence (payslip, bank statement, ID, letter) as
   * multipart/form-data: `documentCategoryID` and `file` (PDF, PNG or JPEG by content, at most 10 MB,
   * at most 20 kept).
   */
  uploadDocument: call({
    controller: 'Document',
    action: 'UploadDocument',
    method: 'POST',
    auth: 'session',
    multipart: {
      fields: doc.uploadDocumentFieldsSchema,
      file: doc.UPLOAD_FILE_FIELD,
      maxFileBytes: doc.MAX_UPLOAD_BYTES,
    },
    response: doc.uploadedDocumentSchema,
  }),
  /** Only the customer's own upload; the lender's documents (agreements, letters, replies) stay. */
  deleteDocument: call({
    controller: 'Document',
    action: 'DeleteDocument',
    method: 'POST',
    auth: 'session',
    query: doc.documentSourceQuerySchema,
    response: empty,
  }),
  getDownloadLink: call({
    controller: 'Document',
    action: 'GetDownloadLink',
    method: 'GET',
    auth: 'session',
    query: doc.documentSourceQuerySchema,
    response: doc.downloadLinkSchema,
  }),
  /**
   * The file of a GetDownloadLink guid, once, within 5 minutes: `Content-Disposition: attachment`, the
   * media type its content was checked to be, `X-Content-Type-Options: nosniff`.
   */
  downloadDocument: call({
    controller: 'Document',
    action: 'DownloadDocument',
    method: 'GET',
    auth: 'public',
    query: doc.documentGuidQuerySchema,
    response: empty,
    file: ['application/pdf', 'image/png', 'image/jpeg'],
  }),
  /** Not in the spec (issue 28): the customer's documents, the lender's and their own uploads, newest first. */
  getDocuments: call({
    controller: 'Document',
    action: 'GetDocuments',
    method: 'GET',
    auth: 'session',
    response: doc.documentListSchema,
  }),
} as const satisfies Record<string, CallDef>;
