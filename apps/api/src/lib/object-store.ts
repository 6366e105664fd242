import crypto from 'node:crypto';
import type { DocumentStore } from './document-store';

/** An S3-compatible bucket: objects live at `{url}/{key}` (path-style or a virtual-hosted bucket's URL). */
export type ObjectStoreSettings = {
  url: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

const sha256Hex = (data: string | Uint8Array) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding of one path segment, as SigV4 wants it (S3: each segment once, '/' kept). */
const encodeSegment = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export type SignInput = {
  method: string;
  url: URL;
  /** Every header to sign, `host` and `x-amz-date` included. */
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  service: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/**
 * The `Authorization` header of AWS Signature Version 4 (single-chunk payload), by the published
 * algorithm: the canonical request, the string to sign over its hash, the key derived by HMAC from the
 * secret through date, region and service, and the signature. Tested against AWS's own S3 example.
 */
export function signV4(r: SignInput): string {
  const amzDate = r.headers['x-amz-date'];
  if (!amzDate) throw new Error('x-amz-date must be signed');
  const date = amzDate.slice(0, 8);
  const names = Object.keys(r.headers)
    .map((h) => h.toLowerCase())
    .sort();
  const value = (name: string) =>
    Object.entries(r.headers)
      .find(([h]) => h.toLowerCase() === name)![1]
      .trim()
      .replace(/\s+/g, ' ');
  const query = [...r.url.searchParams]
    .map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`)
    .sort()
    .join('&');
  const canonicalRequest = [
    r.method,
    r.url.pathname
      .split('/')
      .map((s) => encodeSegment(decodeURIComponent(s)))
      .join('/') || '/',
    query,
    names.map((n) => `${n}:${value(n)}\n`).join(''),
    names.join(';'),
    r.payloadHash,
  ].join('\n');
  const scope = `${date}/${r.region}/${r.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${r.secretAccessKey}`, date), r.region), r.service), 'aws4_request');
  const signature = crypto.createHmac('sha256', key).update(stringToSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${r.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
}

/** `20130524T000000Z` */
export const amzDateOf = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * The documents in an S3-compatible object store (DOCUMENTS_URL, decision 028): PUT, GET and DELETE of
 * one object each, signed with SigV4 by node's crypto and sent by fetch. It sees only what the sealed
 * store gives it (encrypted bytes under random keys). A failure throws, naming the status only.
 */
export function objectStore(s: ObjectStoreSettings, send: typeof fetch = fetch): DocumentStore {
  const base = s.url.replace(/\/+$/, '');
  async function call(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Uint8Array) {
    const url = new URL(`${base}/${key}`);
    const payloadHash = sha256Hex(body ?? '');
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDateOf(new Date()),
    };
    const authorization = signV4({
      method,
      url,
      headers,
      payloadHash,
      region: s.region,
      service: 's3',
      accessKeyId: s.accessKeyId,
      secretAccessKey: s.secretAccessKey,
    });
    // `host` is the URL's own; fetch sets it and refuses it as a header.
    const { host: _host, ...sent } = headers;
    const res = await send(url, {
      method,
      headers: { ...sent, authorization, ...(body ? { 'content-type': 'application/octet-stream' } : {}) },
      ...(body ? { body: Buffer.from(body) } : {}),
      signal: AbortSignal.timeout(30_000),
    });
    // S3 answers a DELETE of a missing object 204; some stores answer 404: gone either way.
    if (method === 'DELETE' && res.status === 404) return res;
    if (!res.ok) throw new Error(`object store ${method} answered HTTP ${res.status}`);
    return res;
  }
  return {
    async put(key, bytes) {
      await call('PUT', key, bytes);
    },
    async get(key) {
      return new Uint8Array(await (await call('GET', key)).arrayBuffer());
    },
    async delete(key) {
      await call('DELETE', key);
    },
  };
}
