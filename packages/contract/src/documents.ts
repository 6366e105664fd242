/** Documents (issue 28): the limits and names both sides use, without zod (the web imports it statically). */
/** The largest file a customer may upload (issue 28): 10 MB, counted in bytes as stored. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Uploads a customer may keep at once; deleting one makes room. The product's own documents do not count. */
export const MAX_UPLOADS_PER_CUSTOMER = 20;
/** The multipart field that carries the file. */
export const UPLOAD_FILE_FIELD = 'file';
/** What an upload may be, told by its first bytes, never by its name or the type the browser claims. */
export const UPLOAD_MEDIA_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type UploadMediaType = (typeof UPLOAD_MEDIA_TYPES)[number];
