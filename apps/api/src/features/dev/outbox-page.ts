import { escapeHtml as esc } from '../../lib/escape-html';

type Item = {
  channel: string;
  to: string;
  subject: string | null;
  text: string;
  createdAt: string;
  attachments: { fileName: string; url: string }[];
};

/** Text links become clickable so a developer can follow a verification or reset link. */
const linkify = (s: string) => esc(s).replace(/https?:\/\/[^\s<]+/g, (u) => `<a href="${u}">${u}</a>`);

/** A plain page (no script, so the strict CSP holds) listing the outbox. */
export function renderOutboxPage(items: Item[], to?: string) {
  const rows = items
    .map(
      (m) => `<article><h2>${esc(m.subject ?? 'SMS')}</h2>
<p class="meta">${esc(m.channel.toUpperCase())} to ${esc(m.to)} at ${esc(m.createdAt)}</p>
<pre>${linkify(m.text)}</pre>${m.attachments
        .map((a) => `<p>Attachment: <a href="${esc(a.url)}">${esc(a.fileName)}</a></p>`)
        .join('')}</article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Outbox (development)</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1d2b36}
article{border:1px solid #c9d3db;border-radius:8px;padding:1rem;margin:1rem 0}h2{font-size:1.1rem;margin:0}
.meta{color:#4a5a66;margin:.25rem 0}pre{white-space:pre-wrap;font:inherit}form{display:flex;gap:.5rem}</style></head>
<body><main><h1>Outbox (development)</h1>
<form method="get"><label for="to">Recipient</label><input id="to" name="to" value="${esc(to ?? '')}"><button>Filter</button></form>
${rows || '<p>No messages yet.</p>'}</main></body></html>`;
}
