import { DOCUMENT_LINK_TTL_SECONDS } from '../../entities/documents/document-links';
import { ErrorId } from '@lender/contract/error-ids';
import { fail, ok } from '@lender/contract/envelope';
import { implementCall, type ImplementedCall } from '../../plugins/calls';
import type { DocumentService } from './document-service';

/**
 * Staff open a customer's document through a link of their own (issue 48 item 4): asked for by the
 * signed-in member (audited), used once, within minutes, by that member's session only. The customer's
 * own links and a member's are never interchangeable.
 */
export const staffDocumentCalls = (documents: DocumentService): ImplementedCall[] => [
  implementCall('staffDocumentsLink', async ({ body, principal, req }) => {
    const guid = await documents.staffLink(body.customerId, body.documentId, {
      staffId: principal.staffId,
      address: req.ip,
    });
    return guid
      ? ok({ documentGuid: guid, expiresInSeconds: DOCUMENT_LINK_TTL_SECONDS })
      : fail(ErrorId.notFound, 'The customer has no such document.');
  }),

  implementCall('staffDocumentsDownload', async ({ query, principal, req, reply }) => {
    const file = await documents.staffDownload(query.documentGuid, {
      staffId: principal.staffId,
      address: req.ip,
    });
    if (!file) {
      return fail(
        ErrorId.notFound,
        'This download link has been used, has expired or was made for someone else. Ask for a new one.',
      );
    }
    reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'no-store')
      .send(Buffer.from(file.bytes));
    return reply as never;
  }),
];
