import { FAQ_TOPICS } from '../features/info/faq-topics';
import { INFO_PAGES } from '../features/info/info-pages';

/**
 * The public pages written to HTML at build time (apps/web/build/prerender-plugin.ts) and served as files
 * (apps/api/src/plugins/static-web.ts): home, the information area with every page of it, the FAQ topics,
 * and stage 1, where a visitor from a broker's link lands (drawn without its query, which React reads
 * when it takes over). Every other route is drawn by the browser from the shell. No page here may depend
 * on the visitor, nor on the day it was built.
 */
export const PRERENDERED_PATHS: readonly string[] = [
  '/',
  '/info',
  ...INFO_PAGES.map((p) => `/info/${p.slug}`),
  ...FAQ_TOPICS.map((t) => `/info/faqs/${t.slug}`),
  '/loan/stage1',
];
