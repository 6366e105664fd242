import { z } from 'zod';
import { MAX_ID, requiredId, requiredText } from '../rules/common';
import { Msg } from '../rules/messages';

/** About 10 MB of file once decoded: base64 takes 4 characters for every 3 bytes. */
const MAX_BASE64_LENGTH = 14_000_000;

export const uploadDocumentSchema = z.object(
  {
    documentCategoryID: requiredId(Msg.documentCategory),
    fileName: requiredText(Msg.documentFile, 200),
    contentBase64: z
      .string({ error: Msg.documentFile })
      .max(MAX_BASE64_LENGTH, { error: Msg.documentTooLarge }),
  },
  { error: Msg.request },
);
export const documentSourceQuerySchema = z.object(
  {
    documentSourceID: z.coerce
      .number({ error: Msg.document })
      .int({ error: Msg.document })
      .min(1, { error: Msg.document })
      .max(MAX_ID, { error: Msg.document }),
  },
  { error: Msg.document },
);
export const downloadLinkSchema = z.object({ documentGuid: z.string() });
