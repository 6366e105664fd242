import path from 'node:path';
import type { OutputBundle } from 'rolldown';

/** Each chunk of the browser bundle: the CSS files it imports and the chunks it imports statically. */
export type ChunkCss = Map<
  string,
  { modules: readonly string[]; isEntry: boolean; css: string[]; imports: string[] }
>;

/**
 * The chunk that holds `module` (a path from the web app's root): its own, or the group chunk it was
 * put in (vite.config.ts).
 */
export function chunkHolding(module: string, root: string, chunks: ChunkCss): string {
  const id = path.join(root, module);
  for (const [file, chunk] of chunks) if (chunk.modules.includes(id)) return file;
  throw new Error(`no chunk of the browser bundle holds ${module}`);
}

export function recordChunks(bundle: OutputBundle, into: ChunkCss) {
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk') continue;
    into.set(chunk.fileName, {
      modules: chunk.moduleIds,
      isEntry: chunk.isEntry,
      css: [...(chunk.viteMetadata?.importedCss ?? [])],
      imports: chunk.imports,
    });
  }
}

/** The root layout's own lazy modules (components/layout/root-layout.tsx): every page draws them. */
export const LAYOUT_MODULES = [
  'src/components/layout/site-footer.tsx',
  'src/components/layout/global-loader.tsx',
];

/** The lazy modules of src/app/routes.tsx a prerendered page renders; their CSS is in its HTML. */
function pageModules(pathname: string): string[] {
  const root = LAYOUT_MODULES;
  if (pathname === '/') return [...root, 'src/features/home/home-page.tsx'];
  if (pathname === '/loan/stage1') return [...root, 'src/features/loan-application/stage1/stage1-page.tsx'];
  const info = [...root, 'src/features/info/info-layout.tsx'];
  if (pathname === '/info') return [...info, 'src/features/info/info-index-page.tsx'];
  if (pathname.startsWith('/info/faqs/')) return [...info, 'src/features/info/faq-topic-page.tsx'];
  const slug = pathname.slice('/info/'.length);
  return [...info, 'src/features/info/info-page.tsx', `src/features/info/pages/${slug}.tsx`];
}

/**
 * The CSS files a prerendered page needs before it paints, in the order the browser bundle applies
 * them: the entry's, then each lazy module's with the shared chunks it imports. Without them the page
 * would paint unstyled and move when its chunk lands.
 */
export function pageCss(pathname: string, root: string, chunks: ChunkCss): string[] {
  const out = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const chunk = chunks.get(file)!;
    for (const imported of chunk.imports) visit(imported);
    for (const css of chunk.css) out.add(css);
  };
  for (const [file, chunk] of chunks) if (chunk.isEntry) visit(file);
  for (const module of pageModules(pathname)) visit(chunkHolding(module, root, chunks));
  return [...out];
}
