import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signV4 } from '../lib/object-store';

export type S3Sandbox = {
  /** DOCUMENTS_URL: the bucket, path-style. */
  url: string;
  credentials: { accessKeyId: string; secretAccessKey: string; region: string };
  /** What the bucket holds, by key. */
  objects: Map<string, Buffer>;
  /** Each request as `METHOD key HTTP-status`. */
  log: string[];
  close: () => Promise<void>;
};

const fail = (res: http.ServerResponse, status: number, code: string) => {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
};

/**
 * A tiny S3-speaking bucket on loopback, for the tests only: PUT, GET and DELETE of objects, each request's
 * SigV4 signature checked as S3 checks it (credential, scope, signed headers, the payload's hash against
 * the body, a date within 15 minutes), answering S3's error codes otherwise.
 */
export async function startS3Sandbox(bucket = 'kestrel-documents'): Promise<S3Sandbox> {
  const credentials = {
    accessKeyId: 'AKIASANDBOX0000000',
    secretAccessKey: crypto.randomBytes(30).toString('base64'),
    region: 'eu-west-2',
  };
  const objects = new Map<string, Buffer>();
  const log: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
      const key = url.pathname.startsWith(`/${bucket}/`) ? url.pathname.slice(bucket.length + 2) : '';
      const answer = (status: number) => log.push(`${req.method} ${key} ${status}`);

      const auth =
        /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
          req.headers.authorization ?? '',
        );
      const amzDate = String(req.headers['x-amz-date'] ?? '');
      const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
      if (!auth || auth[1] !== credentials.accessKeyId)
        return (answer(403), fail(res, 403, 'InvalidAccessKeyId'));
      const signed = auth[4]!.split(';');
      const when = Date.parse(
        amzDate.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'),
      );
      if (
        auth[2] !== amzDate.slice(0, 8) ||
        auth[3] !== credentials.region ||
        !signed.includes('host') ||
        !signed.includes('x-amz-date') ||
        !(Math.abs(Date.now() - when) < 15 * 60_000)
      ) {
        return (answer(403), fail(res, 403, 'AccessDenied'));
      }
      if (crypto.createHash('sha256').update(body).digest('hex') !== payloadHash) {
        return (answer(400), fail(res, 400, 'XAmzContentSHA256Mismatch'));
      }
      const expected = signV4({
        method: req.method ?? '',
        url,
        headers: Object.fromEntries(signed.map((h) => [h, String(req.headers[h] ?? '')])),
        payloadHash,
        region: credentials.region,
        service: 's3',
        accessKeyId: credentials.accessKeyId,
        secretAccessKey: credentials.secretAccessKey,
      });
      const given = Buffer.from(auth[5]!);
      const wanted = Buffer.from(/Signature=([0-9a-f]{64})$/.exec(expected)![1]!);
      if (!crypto.timingSafeEqual(given, wanted))
        return (answer(403), fail(res, 403, 'SignatureDoesNotMatch'));
      if (!key) return (answer(404), fail(res, 404, 'NoSuchBucket'));

      if (req.method === 'PUT') {
        objects.set(key, body);
        answer(200);
        res.writeHead(200, { etag: `"${crypto.createHash('md5').update(body).digest('hex')}"` });
        return res.end();
      }
      if (req.method === 'GET') {
        const object = objects.get(key);
        if (!object) return (answer(404), fail(res, 404, 'NoSuchKey'));
        answer(200);
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': object.length });
        return res.end(object);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        answer(204);
        res.writeHead(204);
        return res.end();
      }
      answer(405);
      fail(res, 405, 'MethodNotAllowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${bucket}`,
    credentials,
    objects,
    log,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
