import type { ModuleInfo } from 'rolldown';

type Graph = { getModuleInfo(id: string): ModuleInfo | null };

/** The lazy modules of the pages a signed-in customer opens first: the borrow page, its schedule, the banner. */
const SIGNED_IN =
  /[\\/]src[\\/](features[\\/]borrow[\\/](borrow|schedule)-page|components[\\/]loan-state[\\/]loan-state-banner)\.tsx$/;

/** The lazy modules of the first pages a visitor sees, and every page's layout: what they load stays small. */
const FIRST_SEEN = /[\\/]src[\\/](features[\\/](home|info)[\\/]|components[\\/]layout[\\/])/;

/**
 * The lazy modules (route pages and lazy parts) that load `id` through static imports, and 'entry' when
 * the entry does (it is in the first load already).
 */
function rootsOf(id: string, graph: Graph, memo: Map<string, Set<string>>): Set<string> {
  const known = memo.get(id);
  if (known) return known;
  const roots = new Set<string>();
  memo.set(id, roots);
  const info = graph.getModuleInfo(id);
  if (!info) return roots;
  if (info.isEntry) roots.add('entry');
  if (info.dynamicImporters.length > 0) roots.add(id);
  for (const importer of info.importers) for (const r of rootsOf(importer, graph, memo)) roots.add(r);
  return roots;
}

/**
 * Issue 50: the chunks of the signed-in pages, fewer and larger. Left to itself Rolldown cuts a chunk per
 * set of pages that share modules: the borrow page ran 31 files beyond the first load's three, and on a
 * phone's 150 ms round trips six connections take them in six rounds (docs/decisions/074). Every module
 * the borrow page, its schedule or the loan-state banner loads goes into one of two chunks:
 *
 * - `site`: what a first-seen page (home, the information pages, the layout's lazy parts) loads as well;
 *   those pages load it whole, in place of the handful of small files they took before;
 * - `signed-in`: the rest, which the application's stages, the account and the staff pages load whole
 *   when they use any of it.
 *
 * What the entry loads stays in the first load; every other module is chunked as before. A name function,
 * not a test: only it sees the module graph.
 */
export function signedInChunkName() {
  const memo = new Map<string, Set<string>>();
  return (id: string, graph: Graph): string | null => {
    const roots = [...rootsOf(id, graph, memo)];
    if (roots.includes('entry') || !roots.some((r) => SIGNED_IN.test(r))) return null;
    return roots.some((r) => FIRST_SEEN.test(r)) ? 'site' : 'signed-in';
  };
}
