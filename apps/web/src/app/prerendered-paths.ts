import { FAQ_TOPICS } from '../features/info/faq-topics';
import { INFO_PAGES } from '../features/info/info-pages';

/**
 * The public pages written to HTML at build time (apps/web/build/prerender-plugin.ts) and served as files
 * (apps/api/src/plugins/static-web.ts): home, the information area with every page of it, the FAQ topics.
 * Every other route is drawn by the browser from the shell. No page here may depend on the visitor.
 */
export const PRERENDERED_PATHS: readonly string[] = [
  '/',
  '/info',
  ...INFO_PAGES.map((p) => `/info/${p.slug}`),
  ...FAQ_TOPICS.map((t) => `/info/faqs/${t.slug}`),
];
