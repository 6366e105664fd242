import { z } from 'zod';

export const uploadDocumentSchema = z.object({
  documentCategoryID: z.number().int().min(1),
  fileName: z.string().min(1).max(200),
  contentBase64: z.string().max(14_000_000),
});
export const documentSourceQuerySchema = z.object({ documentSourceID: z.coerce.number().int().min(1) });
export const downloadLinkSchema = z.object({ documentGuid: z.string() });
