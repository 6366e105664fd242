import { z } from 'zod';
import { dictionaryIdField, MAX_ID } from '../rules/common';
import { Msg } from '../rules/messages';
import { MAX_UPLOAD_BYTES, MAX_UPLOADS_PER_CUSTOMER } from '../documents';

export {
  MAX_UPLOAD_BYTES,
  MAX_UPLOADS_PER_CUSTOMER,
  UPLOAD_FILE_FIELD,
  UPLOAD_MEDIA_TYPES,
  type UploadMediaType,
} from '../documents';

/**
 * Document/UploadDocument's fields besides the file: the category, an id of the documentCategories
 * dictionary (30). Multipart fields are text: the server reads one of digits as the number.
 */
export const uploadDocumentFieldsSchema = z.object(
  { documentCategoryID: dictionaryIdField(Msg.documentCategory, 'documentCategories') },
  { error: Msg.documentCategory },
);

/** What the browser checks before sending (the server checks again, by content): a file, not too large. */
/** A browser File, described by what is checked here (the contract runs where the DOM is not known). */
export type FileLike = { size: number; name: string; type: string };
const isFile = (v: unknown): v is FileLike =>
  typeof v === 'object' && v !== null && typeof (v as FileLike).size === 'number' && (v as FileLike).size > 0;

export const uploadFileSchema = z
  .custom<FileLike>(isFile, { error: Msg.documentFile })
  .refine((f) => f.size <= MAX_UPLOAD_BYTES, { error: Msg.documentTooLarge });

/** The upload form of the account and pre-claim areas: category and file. */
export const uploadDocumentFormSchema = z.object({
  documentCategoryID: dictionaryIdField(Msg.documentCategory, 'documentCategories'),
  file: uploadFileSchema,
});

export const uploadedDocumentSchema = z.object({
  documentSourceID: z
    .number()
    .int()
    .meta({ description: 'The stored document: ask GetDownloadLink for it.' }),
});

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

export const downloadLinkSchema = z.object({
  documentGuid: z.string().meta({
    description:
      'Opens Document/DownloadDocument?documentGuid= once, within 5 minutes; only its hash is stored.',
  }),
});

export const documentGuidQuerySchema = z.object(
  {
    documentGuid: z
      .string({ error: Msg.invalidLink })
      .trim()
      .min(1, { error: Msg.invalidLink })
      .max(100, { error: Msg.invalidLink }),
  },
  { error: Msg.invalidLink },
);

/** Where a document came from: the lender's (agreement, summary, letter, reply) or the customer's upload. */
export const DOCUMENT_KINDS = ['agreement', 'summary', 'letter', 'reply', 'upload'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const documentListSchema = z.object({
  documents: z.array(
    z.object({
      documentSourceID: z.number().int(),
      kind: z.enum(DOCUMENT_KINDS),
      title: z.string().meta({ description: "What the document is, in the customer's words." }),
      category: z.string().meta({ description: "The category's name (an upload's chosen category)." }),
      documentCategoryID: z
        .number()
        .int()
        .nullable()
        .meta({ description: "An upload's category (documentCategories); null for the lender's documents." }),
      applicationID: z
        .number()
        .int()
        .nullable()
        .meta({
          description:
            "The loan (application) an agreement is of, as GetScheduleSummary's appID: the schedule's " +
            'Retrieve contract opens it. Null for documents not of one loan.',
        }),
      date: z.string().meta({ description: 'yyyy-MM-dd: when it was made, signed or uploaded.' }),
      contentType: z.string().meta({ description: 'The checked media type the download will have.' }),
      canDelete: z.boolean().meta({ description: "Only the customer's own uploads can be deleted." }),
    }),
  ),
  uploadsLeft: z
    .number()
    .int()
    .meta({
      description: `How many more files may be uploaded (at most ${MAX_UPLOADS_PER_CUSTOMER} kept at once).`,
    }),
});
export type DocumentList = z.infer<typeof documentListSchema>;
export type DocumentListItem = DocumentList['documents'][number];
