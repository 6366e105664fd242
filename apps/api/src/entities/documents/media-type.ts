import type { UploadMediaType } from '@lender/contract/calls/document';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_IHDR = [0x49, 0x48, 0x44, 0x52]; // the first chunk of every PNG, at byte 12
const JPEG = [0xff, 0xd8, 0xff];

/**
 * What a file is, told by its first bytes (its signature), never by its name or the type the browser
 * sent: a PNG named .pdf is a PNG, a text file named .pdf is nothing we take (null). Only the three
 * kinds of evidence we accept are recognised; anything else is refused.
 */
export function mediaTypeOf(bytes: Uint8Array): UploadMediaType | null {
  if (startsWith(bytes, PDF)) return 'application/pdf';
  if (startsWith(bytes, PNG) && startsWith(bytes, PNG_IHDR, 12)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  return null;
}

/** The extension a download is named with: from the checked type, never from the customer's file name. */
export const extensionOf = (type: string) =>
  type === 'image/png' ? 'png' : type === 'image/jpeg' ? 'jpg' : 'pdf';
