import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { implementCall, invalidFields } from '../../plugins/calls';
import type { DocumentService } from './document-service';

/** Document/*: upload, list, link, download, delete (docs/decisions/028). */
export const documentCalls = (documents: DocumentService) => [
  implementCall('uploadDocument', async ({ body, principal, reply }) => {
    const outcome = await documents.upload(principal.customerId, body.documentCategoryID, body.file.bytes);
    if (outcome.ok) return ok({ documentSourceID: outcome.documentSourceID });
    if ('field' in outcome) {
      reply.code(400);
      return invalidFields({ [outcome.field]: outcome.message });
    }
    if (outcome.refusal === Refusal.uploadTooLarge) reply.code(413);
    return refuse(outcome.refusal);
  }),

  implementCall('getDocuments', async ({ principal }) => ok(await documents.list(principal.customerId))),

  implementCall('getDownloadLink', async ({ query, principal }) => {
    const guid = await documents.link(principal.customerId, query.documentSourceID);
    return guid ? ok({ documentGuid: guid }) : refuse(Refusal.documentNotFound);
  }),

  implementCall('downloadDocument', async ({ query, reply }) => {
    const file = await documents.download(query.documentGuid);
    if (!file) return refuse(Refusal.linkExpired);
    // An attachment, of the type its content was checked to be, never sniffed again by the browser:
    // an upload is never shown in our origin as a page.
    reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(Buffer.from(file.bytes));
    return reply as never;
  }),

  implementCall('deleteDocument', async ({ query, principal }) => {
    const refused = await documents.delete(principal.customerId, query.documentSourceID);
    return refused ? refuse(refused) : ok(null);
  }),
];
