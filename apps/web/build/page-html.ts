/**
 * A prerendered page: the built index.html with the app's HTML in #root, the page's <title> in place of
 * the default one, and its CSS inlined in place of the entry's stylesheet link, so that nothing is
 * requested before the first paint.
 *
 * Each inlined file also gets a disabled <link> naming it, which the browser neither fetches nor applies.
 * It is there for Vite's preload helper, which loads a lazy chunk's CSS unless a stylesheet link to it is
 * already in the page: a second copy would arrive later in the cascade, reorder the rules and move the
 * page (a layout shift) as well as cost a download.
 *
 * The entry script and the modules it preloads are fetched at low priority: the page paints without
 * them, they only make it interactive. At their default (high) priority Lighthouse counts them as
 * render-blocking and estimates the first paint after 89 KB of script on slow 4G.
 */
export function pageHtml(template: string, app: string, css: { href: string; text: string }[]): string {
  const { title, body } = takeTitle(app);
  const styles =
    `<style>${css.map((c) => c.text).join('\n')}</style>` +
    css.map((c) => `<link rel="stylesheet" href="${c.href}" disabled>`).join('');
  const html = template
    .replace(/<title>[^<]*<\/title>/, (original) => title ?? original)
    .replace(/<link rel="stylesheet"[^>]*>/, () => styles)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`)
    .replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ');
  if (!html.includes(body)) throw new Error('prerender: index.html has no empty <div id="root"></div>');
  return html;
}

/** React writes a page's hoisted <title> first in its HTML; it belongs in the head. */
export function takeTitle(app: string) {
  const match = /^<title>[^<]*<\/title>/.exec(app);
  return match ? { title: match[0], body: app.slice(match[0].length) } : { title: null, body: app };
}
