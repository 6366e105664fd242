import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Writes .br and .gz next to every text asset so the server sends them without compressing per request. */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file.fileName)) continue;
        const source = file.type === 'chunk' ? file.code : file.source;
        const buf = Buffer.from(source);
        if (buf.length < 1024) continue;
        this.emitFile({ type: 'asset', fileName: `${file.fileName}.gz`, source: gzipSync(buf, { level: 9 }) });
        this.emitFile({
          type: 'asset',
          fileName: `${file.fileName}.br`,
          source: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        });
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000', '/sandbox': 'http://localhost:3000' },
  },
  build: { outDir: 'dist', sourcemap: false, target: 'es2022', reportCompressedSize: true },
});
