import Fastify, { type FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { registerStaticWeb } from './static-web';

/** A build as apps/web writes it: home's prerendered HTML as index.html, pages in folders, the shell. */
const FILES: Record<string, string> = {
  'index.html': '<main>Home page</main>',
  'shell.html': '<div id="root"></div>',
  'info/index.html': '<main>Information</main>',
  'info/costs/index.html': '<style>main{color:red}</style><main>Costs page</main>',
  'info/faqs/general-questions/index.html': '<main>General questions</main>',
  'borrow/shell.html': '<link rel="modulepreload" href="/assets/borrow-page-abc.js"><div id="root"></div>',
  'assets/index-abc.js': 'console.log(1)',
};

let dir: string;
let app: FastifyInstance;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-web-'));
  for (const [file, body] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), body);
  }
  fs.writeFileSync(
    path.join(dir, 'info/costs/index.html.br'),
    brotliCompressSync(FILES['info/costs/index.html']!),
  );
  app = Fastify();
  // As plugins/security.ts sets it on every answer.
  app.addHook('onRequest', (_req, reply, done) => {
    reply.header('content-security-policy', "default-src 'self';style-src 'self';object-src 'none'");
    done();
  });
  await registerStaticWeb(app, { WEB_DIST: dir } as Config);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('the built web app with prerendered pages (issue 30)', () => {
  it('sends home its prerendered HTML, not cached without asking', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Home page');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends each prerendered page its own file, with or without a trailing slash and a query', async () => {
    for (const url of ['/info/costs', '/info/costs/', '/info/costs?from=menu']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('Costs page');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    }
    expect((await get('/info')).body).toContain('Information');
    expect((await get('/info/faqs/general-questions/')).body).toContain('General questions');
  });

  it('sends the precompressed file the build made to a browser that takes it', async () => {
    const res = await get('/info/costs', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('br');
  });

  it("admits a page's inline stylesheet by its hash, on that page only", async () => {
    const hash = createHash('sha256').update('main{color:red}').digest('base64');
    for (const url of ['/info/costs', '/info/costs/', '/info/costs/index.html']) {
      expect((await get(url)).headers['content-security-policy'], url).toBe(
        `default-src 'self';style-src 'self' 'sha256-${hash}';object-src 'none'`,
      );
    }
    for (const url of ['/', '/loan/stage1', '/assets/index-abc.js']) {
      expect((await get(url)).headers['content-security-policy'], url).toBe(
        "default-src 'self';style-src 'self';object-src 'none'",
      );
    }
  });

  it('sends every other route the shell, never home', async () => {
    for (const url of [
      '/loan/stage1?amount=300',
      '/account/documents',
      '/info/no-such-page',
      '/info/costs/x',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(FILES['shell.html']);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('sends a route with its own shell that shell (its chunks named from the start: issue 50)', async () => {
    for (const url of ['/borrow', '/borrow/', '/borrow?from=login']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(FILES['borrow/shell.html']);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    // Only its own path: a page below it without a shell of its own gets the plain one.
    expect((await get('/borrow/apply')).body).toBe(FILES['shell.html']);
  });

  it('still answers a missing asset and an unknown API path with 404', async () => {
    expect((await get('/assets/gone.js')).statusCode).toBe(404);
    expect((await get('/api/Nothing/Here')).statusCode).toBe(404);
    expect((await get('/assets/index-abc.js')).headers['cache-control']).toContain('immutable');
  });
});
