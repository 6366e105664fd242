import { escapeHtml } from '../lib/escape-html';
import type { AgreementDocument, Block, Table } from './blocks';

function table(t: Table): string {
  const caption = t.caption ? `<caption>${escapeHtml(t.caption)}</caption>` : '';
  const head = t.columns
    ? `<thead><tr>${t.columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('')}</tr></thead>`
    : '';
  const rows = t.rows.map((cells) => {
    const html = cells.map((cell, i) =>
      t.rowHeaders && i === 0 ? `<th scope="row">${escapeHtml(cell)}</th>` : `<td>${escapeHtml(cell)}</td>`,
    );
    return `<tr>${html.join('')}</tr>`;
  });
  return `<table>${caption}${head}<tbody>${rows.join('')}</tbody></table>`;
}

function block(b: Block): string {
  switch (b.kind) {
    case 'heading':
      return `<h3>${escapeHtml(b.text)}</h3>`;
    case 'paragraph':
      return b.important ? `<p><strong>${escapeHtml(b.text)}</strong></p>` : `<p>${escapeHtml(b.text)}</p>`;
    case 'list':
      return `<ul>${b.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
    case 'table':
      return table(b);
  }
}

/**
 * A document as an HTML fragment for the e-sign dialogs: semantic elements only, no attribute but `scope`,
 * so it passes the web app's sanitiser and the CSP unchanged. Every text is escaped here.
 */
export const renderHtml = (doc: AgreementDocument): string =>
  [`<h2>${escapeHtml(doc.title)}</h2>`, ...doc.blocks.map(block)].join('\n');
