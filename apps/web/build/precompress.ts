import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|txt)$/;

/**
 * Writes `<file>.gz` and `<file>.br` beside a text file of 1 KB or more, so the server sends them without
 * compressing per request. Smaller files are sent as they are: compression would save too little.
 */
export function precompressFile(path: string) {
  if (!TEXT.test(path)) return;
  const buf = readFileSync(path);
  if (buf.length < 1024) return;
  writeFileSync(`${path}.gz`, gzipSync(buf, { level: 9 }));
  writeFileSync(`${path}.br`, brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}

/**
 * Precompresses every file of the bundle. It runs after the files are written: earlier hooks still see
 * placeholders Vite fills in last. The prerendered pages, written later, are compressed where they are
 * written (build/prerender-plugin.ts).
 */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) precompressFile(`${dir}/${fileName}`);
    },
  };
}
