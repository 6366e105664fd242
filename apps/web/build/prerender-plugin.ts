import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { chunkHolding, pageCss, recordChunks, type ChunkCss } from './page-css.ts';
import { pageHtml } from './page-html.ts';
import { precompressFile } from './precompress.ts';
import {
  EARLY_READS_MODULE,
  ROUTE_SHELLS,
  routeFiles,
  routeShellFile,
  routeShellHtml,
} from './route-shells.ts';

type ServerEntry = {
  PRERENDERED_PATHS: readonly string[];
  renderPage: (path: string) => Promise<string>;
  renderFrame: (path: string) => Promise<string>;
};

/** Every non-prerendered route's page: the built index.html as Vite wrote it, an empty root. */
export const SHELL_FILE = 'shell.html';

/** Where a prerendered page is written, inside the build's directory: `/info/costs` -> `info/costs/index.html`. */
export const pageFile = (pathname: string) => path.join(pathname.replace(/^\/+|\/+$/g, ''), 'index.html');

/**
 * Prerenders the public pages (src/app/prerendered-paths.ts) once the browser bundle is written: an SSR
 * build of src/prerender/render-page.tsx, with the same plugins and so the same build-time figures of
 * the pricing engine, renders each page with React's `prerender`; its HTML goes into the built
 * index.html with the page's title and the CSS it needs inlined (no request before the first paint).
 * The built index.html is kept as the shell of every other route (shell.html); home's HTML takes its name.
 * The signed-in pages customers open most get a copy that names their chunks and draws their frame
 * (build/route-shells.ts).
 * docs/decisions/031-prerendered-public-pages.md.
 */
export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  const chunks: ChunkCss = new Map();
  return {
    name: 'lender:prerender',
    apply: (c, env) => env.command === 'build' && !c.build?.ssr,
    configResolved(c) {
      config = c;
    },
    generateBundle(_options, bundle) {
      recordChunks(bundle, chunks);
    },
    async closeBundle(error?: Error) {
      if (error) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      // Inside node_modules, so the server bundle's bare imports (react, react-router) resolve from it
      // whatever the outDir; a directory per build, so two builds at once never share one.
      // (A fresh install may hoist every package to the root and leave no node_modules here.)
      await mkdir(path.join(config.root, 'node_modules'), { recursive: true });
      const serverDir = await mkdtemp(path.join(config.root, 'node_modules', '.prerender-'));
      try {
        await build({
          configFile: config.configFile,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          build: {
            ssr: path.join(config.root, 'src/prerender/render-page.tsx'),
            outDir: serverDir,
            emptyOutDir: true,
            copyPublicDir: false,
            minify: false,
            // .mjs: no package.json inside node_modules says these are ES modules.
            rolldownOptions: {
              output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
            },
          },
        });
        const entry = (await import(
          pathToFileURL(path.join(serverDir, 'render-page.mjs')).href
        )) as ServerEntry;
        const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
        await writeFile(path.join(outDir, SHELL_FILE), template);
        precompressFile(path.join(outDir, SHELL_FILE));
        const early = chunkHolding(EARLY_READS_MODULE, config.root, chunks);
        // Anything it imported would be fetched before it ran: the reads would wait for that file too.
        if (chunks.get(early)!.imports.length > 0) {
          throw new Error(`${EARLY_READS_MODULE} must import nothing that is not inside its own chunk`);
        }
        for (const [pathname, modules] of Object.entries(ROUTE_SHELLS)) {
          const file = path.join(outDir, routeShellFile(pathname));
          await mkdir(path.dirname(file), { recursive: true });
          // A module that is only CSS leaves a chunk with no file (Vite drops it after this plugin saw it).
          const { scripts, styles } = routeFiles(modules, config.root, chunks);
          const written = {
            early,
            scripts: scripts.filter((js) => existsSync(path.join(outDir, js))),
            styles,
          };
          const frame = await entry.renderFrame(pathname);
          await writeFile(file, routeShellHtml(template, written, config.base, frame));
          precompressFile(file);
        }
        const readCss = async (file: string) => ({
          href: config.base + file,
          text: await readFile(path.join(outDir, file), 'utf8'),
        });
        for (const pathname of entry.PRERENDERED_PATHS) {
          const app = await entry.renderPage(pathname);
          const css = await Promise.all(pageCss(pathname, config.root, chunks).map(readCss));
          const file = path.join(outDir, pageFile(pathname));
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, pageHtml(template, app, css));
          precompressFile(file);
        }
        config.logger.info(`prerendered ${entry.PRERENDERED_PATHS.length} pages`);
      } finally {
        await rm(serverDir, { recursive: true, force: true });
      }
    },
  };
}
