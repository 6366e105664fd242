/**
 * A prerendered page: the built index.html with the app's HTML in #root, the page's <title> in place of
 * the default one, and its CSS inlined in place of the entry's stylesheet link.
 */
export function pageHtml(template: string, app: string, css: string[]): string {
  const { title, body } = takeTitle(app);
  const html = template
    .replace(/<title>[^<]*<\/title>/, (original) => title ?? original)
    .replace(/<link rel="stylesheet"[^>]*>/, () => `<style>${css.join('\n')}</style>`)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
  if (!html.includes(body)) throw new Error('prerender: index.html has no empty <div id="root"></div>');
  return html;
}

/** React writes a page's hoisted <title> first in its HTML; it belongs in the head. */
function takeTitle(app: string) {
  const match = app.match(/^<title>[^<]*<\/title>/);
  return match ? { title: match[0], body: app.slice(match[0].length) } : { title: null, body: app };
}
