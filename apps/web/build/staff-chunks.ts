/** Where every chunk holding any of the staff console's code is written (issue 50). */
export const STAFF_ASSETS = 'assets/staff';

const STAFF_MODULE = /[\\/]src[\\/]features[\\/]staff[\\/]/;

/**
 * Issue 50: the staff console is split from the customer's pages, and it can be seen to be. A chunk with
 * any module of `src/features/staff` is named under `assets/staff/`, so a page that loads a file from
 * there loads staff code: the bench counts those files on every customer page (budget: none), and a
 * browser test fails on one. A module shared by a staff page and a customer page goes into a chunk of its
 * own (Rolldown cuts chunks per set of importers), so this never renames a customer's chunk unless staff
 * code is in it.
 */
export function chunkFileName(chunk: { moduleIds: readonly string[] }): string {
  return chunk.moduleIds.some((id) => STAFF_MODULE.test(id))
    ? `${STAFF_ASSETS}/[name]-[hash].js`
    : 'assets/[name]-[hash].js';
}
