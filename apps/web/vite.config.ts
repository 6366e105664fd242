import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { callRoutesPlugin } from './build/call-routes-plugin.ts';
import { representativeExamplePlugin } from './build/representative-example-plugin.ts';

/**
 * Writes .br and .gz next to every text asset so the server sends them without compressing per request.
 * It runs after the files are written: earlier hooks still see placeholders Vite fills in last.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(fileName)) continue;
        const path = `${dir}/${fileName}`;
        const buf = readFileSync(path);
        if (buf.length < 1024) continue;
        writeFileSync(`${path}.gz`, gzipSync(buf, { level: 9 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), representativeExamplePlugin(), callRoutesPlugin(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/dev': 'http://127.0.0.1:3000',
      '/sandbox': 'http://127.0.0.1:3000',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    reportCompressedSize: true,
    rolldownOptions: {
      output: {
        // React, React DOM and React Router in one chunk. Left to itself, Rolldown cut them into a chunk
        // per set of importers, and each module that the shell shares with a lazy page (the session, its
        // runtime helpers) into one more: six files and 90.4 KB gzip before any page, against three files
        // and 87.6 KB. The libraries change only with an upgrade, so the chunk also stays cached across
        // releases.
        advancedChunks: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
