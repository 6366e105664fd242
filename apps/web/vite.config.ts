import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { callRoutesPlugin } from './build/call-routes-plugin.ts';
import { precompress } from './build/precompress.ts';
import { prerenderPlugin } from './build/prerender-plugin.ts';
import { representativeExamplePlugin } from './build/representative-example-plugin.ts';
import { signedInChunkName } from './build/signed-in-chunk.ts';
import { chunkFileName } from './build/staff-chunks.ts';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), representativeExamplePlugin(), callRoutesPlugin(), precompress(), prerenderPlugin()],
  define: {
    // The prerendered footer's year; the browser's first render must print the same (site-footer.tsx).
    'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())),
  },
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
    // Every browser the site supports preloads modules itself (Chromium, Firefox 115, Safari 17): Vite's
    // polyfill for those that do not was 0.4 KB of the 90 KB home budget, run on every page (issue 50).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The route shells' early script (src/early-reads.ts, build/route-shells.ts): a file of its own. The
      // SSR build of the prerender has its own entry.
      input: isSsrBuild ? undefined : { index: 'index.html', 'early-reads': 'src/early-reads.ts' },
      output: {
        // Chunks with staff code under assets/staff/: the bench and a browser test find none on a customer's
        // page (build/staff-chunks.ts).
        chunkFileNames: isSsrBuild ? undefined : chunkFileName,
        // React, React DOM and React Router in one chunk. Left to itself, Rolldown cut them into a chunk
        // per set of importers, and each module that the shell shares with a lazy page (the session, its
        // runtime helpers) into one more: six files and 90.4 KB gzip before any page, against three files
        // and 87.6 KB. The libraries change only with an upgrade, so the chunk also stays cached across
        // releases.
        advancedChunks: isSsrBuild
          ? undefined
          : {
              groups: [
                {
                  name: 'react',
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
                  priority: 2,
                },
                // The borrow pages in two chunks instead of 31 files (build/signed-in-chunk.ts, issue 50). Not their
                // dependencies too: those the entry loads stay in the first load.
                { name: signedInChunkName(), priority: 1, includeDependenciesRecursively: false },
              ],
            },
      },
    },
  },
}));
