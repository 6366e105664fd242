import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../../lib/escape-html';

/** The sandbox bank's pages: no script, no inline style, the stylesheet served by the sandbox itself. */
export function page(title: string, body: string) {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="bank.css">
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
 * to where its answer sends the browser on (`formTargets`, origins: the redirect after the POST counts).
 */
export function sendPage(reply: FastifyReply, status: number, html: string, formTargets: string[] = []) {
  const formAction = ["'self'", ...formTargets].join(' ');
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
