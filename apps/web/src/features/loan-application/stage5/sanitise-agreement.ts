import DOMPurify, { type Config } from 'dompurify';

/**
 * The server escapes every value it puts in an agreement (docs/decisions/016); the page cleans the HTML
 * again so that nothing active can reach it even if a template slipped. Documents are text and tables:
 * no styles (the CSP would refuse them anyway), forms, images or other media.
 */
const CONFIG: Config & { RETURN_DOM_FRAGMENT: true } = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'select', 'textarea', 'img', 'picture', 'video', 'audio'],
  FORBID_ATTR: ['style'],
  RETURN_DOM_FRAGMENT: true,
};

/** A label for the scrolling wrapper of a table: its caption, else the section heading above it. */
function tableName(table: HTMLTableElement, fallback: string): string {
  const caption = table.caption?.textContent?.trim();
  if (caption) return caption;
  let node = table.previousElementSibling;
  while (node && !/^H[2-6]$/.test(node.tagName)) node = node.previousElementSibling;
  return node?.textContent?.trim() || fallback;
}

/**
 * The agreement as safe HTML for the dialog. Wide tables scroll sideways on a phone inside a focusable
 * region (a keyboard user can only scroll what takes focus); links open in a new tab, and say so, since
 * leaving the page would lose the code being typed (GOV.UK's one reason for a new tab).
 */
export function sanitiseAgreement(html: string, documentTitle: string): string {
  const doc = DOMPurify.sanitize(html, CONFIG);
  for (const table of [...doc.querySelectorAll('table')]) {
    const region = document.createElement('div');
    region.className = 'table-scroll';
    region.setAttribute('role', 'region');
    region.setAttribute('aria-label', tableName(table, documentTitle));
    region.tabIndex = 0;
    table.replaceWith(region);
    region.append(table);
  }
  for (const link of [...doc.querySelectorAll('a[href]')]) {
    // A phone number, an e-mail address or a place in the document keeps the page.
    if (/^(mailto:|tel:|#)/i.test(link.getAttribute('href') ?? '')) continue;
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
    const note = document.createElement('span');
    note.className = 'visually-hidden';
    note.textContent = ' (opens in a new tab)';
    link.append(note);
  }
  const holder = document.createElement('div');
  holder.append(doc);
  return holder.innerHTML;
}
