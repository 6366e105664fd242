import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { resolveFromRoot, type Config } from '../config';
import { routeNotFoundBody } from './envelope';

/** The build's shell: the app with an empty root, for every route that is not prerendered. */
const SHELL = 'shell.html';

type PrerenderedPage = {
  /** The file inside the build: `info/costs/index.html`. */
  file: string;
  /** The CSP source admitting the page's inline stylesheet (its CSS is inlined to paint at once). */
  styleSource: string | null;
};

/** `'sha256-...'` of the page's one inline <style>, as Content-Security-Policy names it. */
function styleSourceOf(html: string): string | null {
  const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
  return css === undefined ? null : `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
}

/**
 * The prerendered pages of a build (apps/web/build/prerender-plugin.ts) by path: `/info/costs` is the
 * file `info/costs/index.html`, home is `index.html`, and a route with its own shell, `/borrow`, is
 * `borrow/shell.html`; each also by its file's own path. Listed once at
 * start-up, so a request's path is only ever looked up, never joined to a file path.
 */
function prerenderedPages(root: string): Map<string, PrerenderedPage> {
  const pages = new Map<string, PrerenderedPage>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory() && rel !== 'assets') visit(rel);
      // A route's own shell (apps/web/build/route-shells.ts: the app's chunks for that page named from the
      // start) is served as its page; the build's root shell.html stays every other route's.
      else if (entry.name === 'index.html' || (dir && entry.name === SHELL)) {
        const page = { file: rel, styleSource: styleSourceOf(fs.readFileSync(path.join(root, rel), 'utf8')) };
        pages.set(`/${dir}`, page);
        pages.set(`/${rel}`, page);
      }
    }
  };
  visit('');
  return pages;
}

const pageOf = (pages: Map<string, PrerenderedPage>, url: string) =>
  pages.get((url.split('?')[0] ?? '').replace(/\/+$/, '') || '/');

/**
 * Serves the built web app: hashed assets cached for a year and sent precompressed (brotli or gzip,
 * made by the build). A prerendered public page is sent its own HTML, with or without a trailing slash;
 * every other GET falls back to the shell so client routes work on reload (a build from before the
 * prerendering has no shell: its index.html is one). Unknown /api paths answer 404 in the envelope.
 */
export async function registerStaticWeb(app: FastifyInstance, config: Config) {
  const root = resolveFromRoot(config.WEB_DIST);
  const hasBuild = fs.existsSync(path.join(root, 'index.html'));
  const pages = hasBuild ? prerenderedPages(root) : new Map<string, PrerenderedPage>();
  const shell = fs.existsSync(path.join(root, SHELL)) ? SHELL : 'index.html';
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // The security headers' policy (plugins/security.ts, set on request before this) admits the page's own
  // inline stylesheet by its hash, and nothing else inline.
  app.addHook('onRequest', (req, reply, done) => {
    const source = pageOf(pages, req.url)?.styleSource;
    const csp = reply.getHeader('content-security-policy');
    if (source && typeof csp === 'string') {
      reply.header('content-security-policy', csp.replace(/style-src ([^;]*)/, `style-src $1 ${source}`));
    }
    done();
  });

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    if (pathname.startsWith('/api/') || pathname === '/api' || req.method !== 'GET' || !hasBuild) {
      return reply.code(404).send(routeNotFoundBody());
    }
    // A missing file under /assets is a real 404, not the app shell.
    if (pathname.startsWith('/assets/')) return reply.code(404).type('text/plain').send('Not found');
    reply.header('cache-control', 'no-cache');
    return reply.sendFile(pageOf(pages, pathname)?.file ?? shell);
  });
}
