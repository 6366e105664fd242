import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { resolveFromRoot, type Config } from '../config';
import { routeNotFoundBody } from './envelope';

/**
 * Serves the built web app: hashed assets cached for a year and sent precompressed (brotli or gzip,
 * made by the build), every other GET falls back to index.html so client routes work on reload.
 * Unknown /api paths answer 404 in the envelope.
 */
export async function registerStaticWeb(app: FastifyInstance, config: Config) {
  const root = resolveFromRoot(config.WEB_DIST);
  const hasBuild = fs.existsSync(path.join(root, 'index.html'));
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
    return reply.sendFile('index.html');
  });
}
