import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TestApp } from './test-app';
import { resolveFromRoot } from '../config';

/** The smallest files of each kind, as their first bytes make them (what the server checks). */
export const SAMPLE = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  png: Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    Buffer.from('IHDR'),
    crypto.randomBytes(40),
  ]),
  jpeg: Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    crypto.randomBytes(40),
    Buffer.from([0xff, 0xd9]),
  ]),
  text: Buffer.from('Dear Sir or Madam,\nThis is not a PDF at all.\n'),
};

export type Part =
  { name: string; value: string } | { name: string; fileName: string; type: string; bytes: Buffer };

/** A multipart/form-data body as a browser's FormData sends it. */
export function multipart(parts: Part[]) {
  const boundary = `----kestrel${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head =
      'bytes' in p
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.fileName}"\r\nContent-Type: ${p.type}\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n`;
    chunks.push(Buffer.from(head), 'bytes' in p ? p.bytes : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Document/UploadDocument as the browser sends it: the category, then the file. */
export function uploadDocument(
  t: TestApp,
  authorization: string,
  file: { bytes: Buffer; fileName?: string; type?: string },
  categoryId: number | string = 1,
) {
  const body = multipart([
    { name: 'documentCategoryID', value: String(categoryId) },
    {
      name: 'file',
      fileName: file.fileName ?? 'evidence.pdf',
      type: file.type ?? 'application/pdf',
      bytes: file.bytes,
    },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/Document/UploadDocument',
    headers: { authorization, 'content-type': body.contentType },
    payload: body.payload,
  });
}

export const documentGet = (t: TestApp, action: string, query: string, authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/Document/${action}${query ? `?${query}` : ''}`,
    headers: authorization ? { authorization } : {},
  });

export const deleteDocument = (t: TestApp, id: number, authorization?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/Document/DeleteDocument?documentSourceID=${id}`,
    headers: { ...(authorization ? { authorization } : {}), 'content-type': 'application/json' },
    payload: '{}',
  });

/** GetDownloadLink then DownloadDocument, as the page does: the file's answer. */
export async function download(t: TestApp, id: number, authorization: string) {
  const link = await documentGet(t, 'GetDownloadLink', `documentSourceID=${id}`, authorization);
  const guid = link.json().object?.documentGuid as string | undefined;
  if (!guid) throw new Error(`GetDownloadLink answered ${link.body}`);
  return { guid, res: await documentGet(t, 'DownloadDocument', `documentGuid=${guid}`) };
}

/** Every file in the app's document directory (its random names), for what was and was not stored. */
export function storedFiles(t: TestApp): string[] {
  const dir = resolveFromRoot(t.ctx.config.DOCUMENTS_DIR);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}
