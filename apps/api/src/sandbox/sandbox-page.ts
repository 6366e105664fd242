import fs from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../lib/escape-html';

/**
 * A sandbox's own page (the card provider's bank challenge, the open banking bank's consent): no script,
 * no inline style, the stylesheet served by the sandbox itself beside the page.
 */
export function sandboxPage(title: string, body: string, stylesheet: string) {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${stylesheet}">
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/**
 * A sandbox page's own policy, in place of the application's: it may post its form only to itself and
 * to where its answer sends the browser on (`formTargets`, origins: the redirect after the POST counts);
 * without targets it posts nowhere. No referrer: the page's URL carries the consent or transaction.
 */
export function sendSandboxPage(
  reply: FastifyReply,
  status: number,
  html: string,
  formTargets: string[] = [],
) {
  const formAction = formTargets.length ? ["'self'", ...formTargets].join(' ') : "'none'";
  return reply
    .code(status)
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'self'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
}

const BASE_STYLES = fs.readFileSync(new URL('./sandbox-page.css', import.meta.url), 'utf8');

/** Serves at `path` the sandboxes' shared styles followed by this sandbox's own (`file`), read once. */
export function serveSandboxStyles(app: FastifyInstance, path: string, file: URL) {
  const css = `${BASE_STYLES}\n${fs.readFileSync(file, 'utf8')}`;
  app.get(path, async (_req, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(css),
  );
}
