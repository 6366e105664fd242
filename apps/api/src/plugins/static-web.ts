import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { resolveFromRoot, type Config } from '../config';
import { routeNotFoundBody } from './envelope';

/** The build's shell: the app with an empty root, for every route that is not prerendered. */
const SHELL = 'shell.html';

/**
 * The prerendered pages of a build (apps/web/build/prerender-plugin.ts): `/info/costs` is the file
 * `info/costs/index.html`, home is `index.html`. Listed once at start-up, so a request's path is only
 * ever looked up, never joined to a file path.
 */
function prerenderedPages(root: string): Map<string, string> {
  const pages = new Map<string, string>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory() && rel !== 'assets') visit(rel);
      else if (entry.name === 'index.html') pages.set(`/${dir}`, rel);
    }
  };
  visit('');
  return pages;
}

/**
 * Serves the built web app: hashed assets cached for a year and sent precompressed (brotli or gzip,
 * made by the build). A prerendered public page is sent its own HTML, with or without a trailing slash;
 * every other GET falls back to the shell so client routes work on reload (a build from before the
 * prerendering has no shell: its index.html is one). Unknown /api paths answer 404 in the envelope.
 */
export async function registerStaticWeb(app: FastifyInstance, config: Config) {
  const root = resolveFromRoot(config.WEB_DIST);
  const hasBuild = fs.existsSync(path.join(root, 'index.html'));
  const pages = hasBuild ? prerenderedPages(root) : new Map<string, string>();
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

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    if (pathname.startsWith('/api/') || pathname === '/api' || req.method !== 'GET' || !hasBuild) {
      return reply.code(404).send(routeNotFoundBody());
    }
    // A missing file under /assets is a real 404, not the app shell.
    if (pathname.startsWith('/assets/')) return reply.code(404).type('text/plain').send('Not found');
    reply.header('cache-control', 'no-cache');
    const page = pages.get(pathname.replace(/\/+$/, '') || '/');
    return reply.sendFile(page ?? shell);
  });
}
