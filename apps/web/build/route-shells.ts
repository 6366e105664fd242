import path from 'node:path';
import { chunkHolding, LAYOUT_MODULES, type ChunkCss } from './page-css.ts';
import { takeTitle } from './page-html.ts';

const ACCOUNT = 'src/features/account/account-layout.tsx';
/** What every signed-in page draws besides its own modules: the layout's, and where the loan stands. */
const AROUND = [...LAYOUT_MODULES, 'src/components/loan-state/loan-state-banner.tsx'];

/**
 * The signed-in pages a customer opens most, and the lazy modules each draws first (src/app/routes.tsx):
 * each gets a shell of its own that names those chunks from the start (issue 50). From the plain shell
 * the browser learns of them only after the entry has run and the router has matched the route: on a
 * phone's 150 ms round trips, a waterfall of three or four more requests before the page can ask for
 * its figures.
 */
export const ROUTE_SHELLS: Readonly<Record<string, readonly string[]>> = {
  '/borrow': [...AROUND, 'src/features/borrow/borrow-page.tsx'],
  '/borrow/schedule': [...AROUND, 'src/features/borrow/schedule-page.tsx'],
  '/borrow/payment': [...AROUND, 'src/features/borrow/payment-page.tsx'],
  '/account': [...AROUND, ACCOUNT, 'src/features/account/contact-details-page.tsx'],
  '/account/documents': [...AROUND, ACCOUNT, 'src/features/account/documents-page.tsx'],
};

/** Where a route's shell is written: `/borrow/schedule` -> `borrow/schedule/shell.html` (static-web.ts serves it). */
export const routeShellFile = (pathname: string) => path.join(pathname.replace(/^\/+/, ''), 'shell.html');

/**
 * The script and CSS files a route's modules need beyond what the entry already brings: each module's
 * chunk and the chunks it imports statically, in the order the browser will run them.
 */
export function routeFiles(modules: readonly string[], root: string, chunks: ChunkCss) {
  const seen = new Set<string>();
  const scripts: string[] = [];
  const styles: string[] = [];
  const visit = (file: string, collect: boolean) => {
    if (seen.has(file)) return;
    seen.add(file);
    const chunk = chunks.get(file)!;
    for (const imported of chunk.imports) visit(imported, collect);
    if (!collect) return;
    scripts.push(file);
    styles.push(...chunk.css.filter((css) => !styles.includes(css)));
  };
  // What the entry loads is already in the shell (its script, modulepreloads and stylesheet).
  for (const [file, chunk] of chunks) if (chunk.isEntry) visit(file, false);
  for (const module of modules) visit(chunkHolding(module, root, chunks), true);
  return { scripts, styles };
}

/** The early script of every route shell: it asks the page's first reads (src/lib/first-reads.ts). */
export const EARLY_READS_MODULE = 'src/early-reads.ts';

/**
 * The shell with the route's files announced in its head: the early script that asks the page's first
 * reads; `modulepreload` fetches and parses each script alongside the entry; a stylesheet link loads its
 * CSS at once, and Vite's preload helper, which looks for such a link before it adds one, then leaves it
 * alone when the page's chunk is imported. Its root holds the page's frame (src/lib/frame.ts), marked
 * `data-frame` so that main.tsx draws the page over it rather than hydrate it, and its title is the page's.
 */
export function routeShellHtml(
  shell: string,
  files: { early: string; scripts: string[]; styles: string[] },
  base: string,
  frame: string,
) {
  // The early script first of all, and async: it runs the moment it arrives, ahead of the entry's modules.
  const early = `<script type="module" async crossorigin src="${base}${files.early}"></script>`;
  if (!shell.includes('<script type="module"'))
    throw new Error('route shells: the shell has no entry script');
  const links =
    files.styles.map((css) => `<link rel="stylesheet" crossorigin href="${base}${css}">`).join('') +
    files.scripts.map((js) => `<link rel="modulepreload" crossorigin href="${base}${js}">`).join('');
  if (!shell.includes('</head>')) throw new Error('route shells: the shell has no </head>');
  if (!shell.includes('<div id="root"></div>')) throw new Error('route shells: the shell has no empty root');
  const { title, body } = takeTitle(frame);
  return shell
    .replace(/<title>[^<]*<\/title>/, (original) => title ?? original)
    .replace('<script type="module"', () => `${early}<script type="module"`)
    .replace('</head>', () => `${links}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root" data-frame>${body}</div>`);
}
