import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import { MAX_UPLOAD_BYTES, MAX_UPLOADS_PER_CUSTOMER } from '@lender/contract/calls/document';
import { ErrorId } from '@lender/contract/error-ids';
import { Refusal } from '@lender/contract/refusals';
import { Msg } from '@lender/contract/rules/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentRepository } from '../../entities/documents/document-repository';
import { documentStoreFor } from '../../lib/document-store';
import {
  deleteDocument,
  documentGet,
  download,
  multipart,
  SAMPLE,
  storedFiles,
  uploadDocument,
} from '../../test/documents';
import { createSession } from '../../test/factories';
import { activeLoan } from '../../test/live-loan';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const customer = () => createSession(t.ctx, { is_legal: 0 });
const listOf = async (authorization: string) =>
  (await documentGet(t, 'GetDocuments', '', authorization)).json().object as {
    documents: {
      documentSourceID: number;
      kind: string;
      category: string;
      contentType: string;
      canDelete: boolean;
    }[];
    uploadsLeft: number;
  };
const uploadsOf = (customerId: number) =>
  t.ctx.db
    .selectFrom('documents')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('kind', '=', 'upload')
    .execute();

describe('Document/UploadDocument', () => {
  it('keeps a PDF under a random name, encrypted, and lists it with its category', async () => {
    const me = await customer();
    const res = await uploadDocument(
      t,
      me.authorization,
      { bytes: SAMPLE.pdf, fileName: 'my payslip.pdf' },
      1,
    );
    expect(res.statusCode).toBe(200);
    const { documentSourceID } = res.json().object;
    expect(documentSourceID).toBeGreaterThan(0);

    const [row] = await uploadsOf(me.customer.id);
    expect(row).toMatchObject({
      id: documentSourceID,
      content_type: 'application/pdf',
      size_bytes: SAMPLE.pdf.length,
    });
    expect(row!.storage_key).toMatch(/^[0-9a-f]{32}$/);
    // Neither the customer's name for it nor its content reaches the disk.
    const file = storedFiles(t).find((f) => f.endsWith(row!.storage_key!));
    expect(file).toBeDefined();
    const onDisk = fs.readFileSync(file!);
    expect(onDisk.includes(Buffer.from('%PDF'))).toBe(false);
    expect(file).not.toContain('payslip');

    const list = await listOf(me.authorization);
    expect(list.documents).toEqual([
      expect.objectContaining({
        documentSourceID,
        kind: 'upload',
        title: 'Payslip',
        category: 'Payslip',
        documentCategoryID: 1,
        applicationID: null,
        contentType: 'application/pdf',
        canDelete: true,
      }),
    ]);
    expect(list.uploadsLeft).toBe(MAX_UPLOADS_PER_CUSTOMER - 1);
  });

  it('tells the type by content: a PNG named .pdf is kept and served as a PNG', async () => {
    const me = await customer();
    const res = await uploadDocument(t, me.authorization, {
      bytes: SAMPLE.png,
      fileName: 'statement.pdf',
      type: 'application/pdf',
    });
    const id = res.json().object.documentSourceID;
    const { res: file } = await download(t, id, me.authorization);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="kestrel-document-${id}.png"`);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(SAMPLE.png)).toBe(true);
  });

  it('refuses a text file named .pdf with a clear message, storing nothing', async () => {
    const me = await customer();
    const before = storedFiles(t).length;
    const res = await uploadDocument(t, me.authorization, { bytes: SAMPLE.text, fileName: 'letter.pdf' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { errorID: ErrorId.validation, errorMessage: Msg.documentType },
      object: { fields: { file: Msg.documentType } },
    });
    expect(await uploadsOf(me.customer.id)).toEqual([]);
    expect(storedFiles(t).length).toBe(before);
  });

  it('refuses a file over 10 MB with a clear message (413), storing nothing', async () => {
    const me = await customer();
    const before = storedFiles(t).length;
    const big = Buffer.concat([SAMPLE.pdf, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - SAMPLE.pdf.length)]);
    const res = await uploadDocument(t, me.authorization, { bytes: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual(Refusal.uploadTooLarge);
    expect(await uploadsOf(me.customer.id)).toEqual([]);
    expect(storedFiles(t).length).toBe(before);
    // Exactly at the limit is taken.
    const atLimit = Buffer.concat([SAMPLE.pdf, Buffer.alloc(MAX_UPLOAD_BYTES - SAMPLE.pdf.length)]);
    expect((await uploadDocument(t, me.authorization, { bytes: atLimit })).json().error.errorID).toBe(0);
  });

  it('cuts a request that says it is over the limit off at once, before its body arrives', async () => {
    const me = await customer();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        // 50 MB announced, a few bytes sent: the answer must come without the rest.
        socket.write(
          [
            'POST /api/Document/UploadDocument HTTP/1.1',
            'Host: localhost',
            `Authorization: ${me.authorization}`,
            'Content-Type: multipart/form-data; boundary=xyz',
            `Content-Length: ${50 * 1024 * 1024}`,
            '',
            '--xyz\r\n',
          ].join('\r\n'),
        );
      });
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      setTimeout(() => {
        socket.destroy();
        resolve(text);
      }, 5000);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain(Refusal.uploadTooLarge.errorMessage);
    expect(answer.toLowerCase()).toContain('connection: close');
  });

  it('keeps at most 20 uploads; deleting one makes room', async () => {
    const me = await customer();
    const ids: number[] = [];
    for (let i = 0; i < MAX_UPLOADS_PER_CUSTOMER; i++) {
      const res = await uploadDocument(t, me.authorization, { bytes: SAMPLE.jpeg, fileName: `p${i}.jpg` }, 2);
      expect(res.json().error.errorID).toBe(0);
      ids.push(res.json().object.documentSourceID);
    }
    const before = storedFiles(t).length;
    const over = await uploadDocument(t, me.authorization, { bytes: SAMPLE.jpeg });
    expect(over.statusCode).toBe(200);
    expect(over.json()).toEqual({ error: Refusal.uploadLimit, object: null });
    expect(storedFiles(t).length).toBe(before);
    expect((await listOf(me.authorization)).uploadsLeft).toBe(0);

    expect((await deleteDocument(t, ids[0]!, me.authorization)).json().error.errorID).toBe(0);
    expect((await uploadDocument(t, me.authorization, { bytes: SAMPLE.jpeg })).json().error.errorID).toBe(0);
  });

  // Issue 45 item 3: uploads sent at once were counted before any of them was stored (24 of 30 kept).
  it.each([30, 50])('keeps exactly 20 of %i uploads sent at once; the rest are refused', async (n) => {
    const me = await customer();
    const before = storedFiles(t).length;
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        uploadDocument(t, me.authorization, { bytes: SAMPLE.jpeg, fileName: `r${i}.jpg` }, 2),
      ),
    );
    const errors = answers.map((res) => res.json().error);
    expect(errors.filter((e) => e.errorID === 0)).toHaveLength(MAX_UPLOADS_PER_CUSTOMER);
    expect(errors.filter((e) => e.errorID !== 0)).toEqual(
      Array(n - MAX_UPLOADS_PER_CUSTOMER).fill(Refusal.uploadLimit),
    );
    expect(await uploadsOf(me.customer.id)).toHaveLength(MAX_UPLOADS_PER_CUSTOMER);
    // A refused upload leaves no file behind.
    expect(storedFiles(t).length).toBe(before + MAX_UPLOADS_PER_CUSTOMER);
    expect((await listOf(me.authorization)).uploadsLeft).toBe(0);
  });

  it('refuses a missing or unknown category, a missing file and a body that is not multipart', async () => {
    const me = await customer();
    const unknown = await uploadDocument(t, me.authorization, { bytes: SAMPLE.pdf }, 99);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().object.fields).toEqual({ documentCategoryID: Msg.documentCategory });

    const noFile = multipart([{ name: 'documentCategoryID', value: '1' }]);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/Document/UploadDocument',
      headers: { authorization: me.authorization, 'content-type': noFile.contentType },
      payload: noFile.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().object.fields).toEqual({ file: Msg.documentFile });

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/Document/UploadDocument',
      headers: { authorization: me.authorization, 'content-type': 'application/json' },
      payload: { documentCategoryID: 1, fileName: 'a.pdf', contentBase64: SAMPLE.pdf.toString('base64') },
    });
    expect(json.statusCode).toBe(415);

    const torn = await t.app.inject({
      method: 'POST',
      url: '/api/Document/UploadDocument',
      headers: { authorization: me.authorization, 'content-type': 'multipart/form-data; boundary=abc' },
      payload:
        '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 and then nothing',
    });
    expect(torn.statusCode).toBe(400);
    expect(await uploadsOf(me.customer.id)).toEqual([]);
  });

  it('asks for a session first (401), before reading anything', async () => {
    const res = await uploadDocument(t, 'Bearer nope', { bytes: SAMPLE.pdf });
    expect(res.statusCode).toBe(401);
  });
});

describe('Document/GetDownloadLink and DownloadDocument', () => {
  it('opens a document once, with a guid of which only the hash is stored', async () => {
    const me = await customer();
    const id = (await uploadDocument(t, me.authorization, { bytes: SAMPLE.pdf })).json().object
      .documentSourceID;
    const { guid, res } = await download(t, id, me.authorization);
    expect(guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    expect(res.rawPayload.equals(SAMPLE.pdf)).toBe(true);

    const stored = await t.ctx.db
      .selectFrom('document_links')
      .selectAll()
      .where('document_id', '=', id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(guid);

    const again = await documentGet(t, 'DownloadDocument', `documentGuid=${guid}`);
    expect(again.json()).toEqual({ error: Refusal.linkExpired, object: null });
    expect(again.headers['content-type']).toMatch(/application\/json/);
  });

  it('a guid lives five minutes', async () => {
    const me = await customer();
    const id = (await uploadDocument(t, me.authorization, { bytes: SAMPLE.pdf })).json().object
      .documentSourceID;
    const link = await documentGet(t, 'GetDownloadLink', `documentSourceID=${id}`, me.authorization);
    const guid = link.json().object.documentGuid;
    const row = await t.ctx.db
      .selectFrom('document_links')
      .select(['created_at', 'expires_at'])
      .where('document_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(300_000);
    // The clock moved on past its five minutes.
    await t.ctx.db
      .updateTable('document_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('document_id', '=', id)
      .execute();
    expect((await documentGet(t, 'DownloadDocument', `documentGuid=${guid}`)).json().error).toEqual(
      Refusal.linkExpired,
    );
  });

  it('refuses an unknown guid and a malformed one', async () => {
    expect(
      (await documentGet(t, 'DownloadDocument', `documentGuid=${crypto.randomUUID()}`)).json().error,
    ).toEqual(Refusal.linkExpired);
    expect((await documentGet(t, 'DownloadDocument', 'documentGuid=')).statusCode).toBe(400);
  });
});

describe('Document/DeleteDocument', () => {
  it("deletes the customer's own upload and its file", async () => {
    const me = await customer();
    const id = (await uploadDocument(t, me.authorization, { bytes: SAMPLE.pdf })).json().object
      .documentSourceID;
    const [row] = await uploadsOf(me.customer.id);
    const res = await deleteDocument(t, id, me.authorization);
    expect(res.json()).toEqual({ error: { errorID: 0, errorMessage: '' }, object: null });
    expect(storedFiles(t).some((f) => f.endsWith(row!.storage_key!))).toBe(false);
    expect((await listOf(me.authorization)).documents).toEqual([]);
    expect(
      (await documentGet(t, 'GetDownloadLink', `documentSourceID=${id}`, me.authorization)).json().error,
    ).toEqual(Refusal.documentNotFound);
    expect((await deleteDocument(t, id, me.authorization)).json().error).toEqual(Refusal.documentNotFound);
  });

  it("keeps the lender's letters: they cannot be deleted", async () => {
    const me = await customer();
    const letter = await documentRepository(t.ctx.db).storeFile(
      documentStoreFor(t.ctx.config),
      {
        customer_id: me.customer.id,
        kind: 'letter',
        category_id: null,
        title: 'Letter of Claim',
        application_id: null,
        reference: null,
        content_type: 'application/pdf',
      },
      SAMPLE.pdf,
    );
    const res = await deleteDocument(t, letter, me.authorization);
    expect(res.json()).toEqual({ error: Refusal.documentNotDeletable, object: null });
    const list = await listOf(me.authorization);
    expect(list.documents).toEqual([
      expect.objectContaining({
        documentSourceID: letter,
        kind: 'letter',
        category: 'Letter from us',
        canDelete: false,
      }),
    ]);
    expect((await download(t, letter, me.authorization)).res.rawPayload.equals(SAMPLE.pdf)).toBe(true);
  });
});

describe("another customer's documents", () => {
  it('are reached by no route: not listed, no link, no delete', async () => {
    const alice = await customer();
    const bob = await customer();
    const id = (await uploadDocument(t, alice.authorization, { bytes: SAMPLE.pdf })).json().object
      .documentSourceID;

    expect((await listOf(bob.authorization)).documents).toEqual([]);
    const link = await documentGet(t, 'GetDownloadLink', `documentSourceID=${id}`, bob.authorization);
    expect(link.json()).toEqual({ error: Refusal.documentNotFound, object: null });
    expect((await deleteDocument(t, id, bob.authorization)).json()).toEqual({
      error: Refusal.documentNotFound,
      object: null,
    });
    // Still Alice's, whole.
    expect((await download(t, id, alice.authorization)).res.rawPayload.equals(SAMPLE.pdf)).toBe(true);
  });

  it('every Document call asks for a session', async () => {
    for (const res of [
      await documentGet(t, 'GetDocuments', ''),
      await documentGet(t, 'GetDownloadLink', 'documentSourceID=1'),
      await deleteDocument(t, 1),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('Document/GetDocuments', () => {
  it("names the loan of each agreement, as the schedule's appID, for Retrieve contract (issue 45)", async () => {
    const loan = await activeLoan(t);
    const list = (await documentGet(t, 'GetDocuments', '', loan.authorization)).json().object.documents as {
      kind: string;
      applicationID: number | null;
    }[];
    expect(list.find((d) => d.kind === 'agreement')).toMatchObject({ applicationID: loan.applicationId });
    expect(list.find((d) => d.kind === 'summary')).toMatchObject({ applicationID: null });
  });
});
