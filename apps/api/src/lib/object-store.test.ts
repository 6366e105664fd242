import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { documentStoreFor } from './document-store';
import { objectStore, signV4 } from './object-store';
import { startS3Sandbox, type S3Sandbox } from '../test/s3-sandbox';
import { createSession } from '../test/factories';
import { deleteDocument, download, SAMPLE, storedFiles, uploadDocument } from '../test/documents';
import { createTestApp, type TestApp } from '../test/test-app';

describe('signV4', () => {
  it("signs AWS's own example (GET /test.txt with a Range header, S3 documentation)", () => {
    expect(
      signV4({
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: {
          host: 'examplebucket.s3.amazonaws.com',
          range: 'bytes=0-9',
          'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
          'x-amz-date': '20130524T000000Z',
        },
        payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        region: 'us-east-1',
        service: 's3',
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      }),
    ).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('the object store adapter, against an S3-speaking sandbox', () => {
  let s3: S3Sandbox;
  beforeAll(async () => {
    s3 = await startS3Sandbox();
  });
  afterAll(() => s3.close());
  const store = () => objectStore({ url: s3.url, ...s3.credentials });
  const key = 'a'.repeat(32);

  it('puts, gets and deletes an object, each request signed', async () => {
    await store().put(key, Buffer.from('sealed bytes'));
    expect(s3.objects.get(key)?.toString()).toBe('sealed bytes');
    expect(Buffer.from(await store().get(key)).toString()).toBe('sealed bytes');
    await store().delete(key);
    expect(s3.objects.has(key)).toBe(false);
    await expect(store().get(key)).rejects.toThrow('object store GET answered HTTP 404');
    // Deleting again is not an error.
    await store().delete(key);
  });

  it('is refused with the wrong secret, and says no more than the status', async () => {
    const wrong = objectStore({ url: s3.url, ...s3.credentials, secretAccessKey: 'not-the-secret' });
    await expect(wrong.put(key, Buffer.from('x'))).rejects.toThrow(/^object store PUT answered HTTP 403$/);
    expect(s3.objects.has(key)).toBe(false);
  });
});

describe('documents in the object store (DOCUMENTS_URL)', () => {
  let s3: S3Sandbox;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Sandbox();
    t = await createTestApp({
      DOCUMENTS_URL: s3.url,
      DOCUMENTS_REGION: s3.credentials.region,
      DOCUMENTS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      DOCUMENTS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('keeps an upload in the bucket, sealed under a random key, serves it back and deletes it', async () => {
    const me = await createSession(t.ctx, { is_legal: 0 });
    const res = await uploadDocument(t, me.authorization, { bytes: SAMPLE.pdf, fileName: 'payslip.pdf' });
    const id = res.json().object.documentSourceID as number;
    const [key] = [...s3.objects.keys()];
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(s3.objects.get(key!)!.includes(Buffer.from('%PDF'))).toBe(false);
    expect(storedFiles(t)).toEqual([]);

    expect((await download(t, id, me.authorization)).res.rawPayload.equals(SAMPLE.pdf)).toBe(true);
    expect((await deleteDocument(t, id, me.authorization)).json().error.errorID).toBe(0);
    expect(s3.objects.size).toBe(0);
    expect(s3.log).toEqual([`PUT ${key} 200`, `GET ${key} 200`, `DELETE ${key} 204`]);
    expect(documentStoreFor(t.ctx.config)).toBe(documentStoreFor(t.ctx.config));
  });

  it('will not start with a bucket and no credentials', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'test',
        DOCUMENTS_URL: s3.url,
        DATA_KEY: 'a'.repeat(64),
        JWT_SECRET: 'b'.repeat(32),
      }),
    ).toThrow(
      /DOCUMENTS_ACCESS_KEY_ID must be set with DOCUMENTS_URL[\s\S]*DOCUMENTS_SECRET_ACCESS_KEY must be set with DOCUMENTS_URL/,
    );
  });
});
