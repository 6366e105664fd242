import { BRAND, FREE_DEBT_ADVICE as DEBT_ADVICE } from '@lender/contract/brand';
import { escapeHtml as esc } from './escape-html';

/**
 * A paragraph, or a link the customer can follow (its text says where it goes), or a link written out
 * as its address in the text part, on its own line after `lead` where there is one, and named by
 * `label` in the HTML part.
 */
export type Paragraph =
  | string
  | { text: string; href: string }
  | { href: string; label: string; lead?: string }
  | { strong: string };

const SIGN_OFF = ['The Customer Service team', `${BRAND.name}, ${BRAND.supportPhone}, ${BRAND.supportEmail}`];
const FOOTER = `${BRAND.legalName} is authorised and regulated by the Financial Conduct Authority (FRN ${BRAND.firmReferenceNumber}). Registered office: ${BRAND.registeredAddress}.`;

/** 'a, b and c'. */
const listed = (items: readonly string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** Where anyone worried about debt can get free, impartial help (named in every servicing e-mail that needs it). */
export const FREE_DEBT_ADVICE: Paragraph[] = [
  `Free, confidential debt advice is available from ${listed(DEBT_ADVICE.map((a) => `${a.name} (${a.site}, ${a.phone})`))}.`,
];

/**
 * A servicing e-mail to a customer in the house style, as plain text and HTML from the same paragraphs:
 * the greeting, the body, the sign-off and the regulatory footer. No images, no tracking.
 */
export function customerEmail(p: { subject: string; firstName: string; paragraphs: readonly Paragraph[] }) {
  const asText = (para: Paragraph) => {
    if (typeof para === 'string') return para;
    if ('strong' in para) return para.strong;
    if ('label' in para) return para.lead ? `${para.lead}\n${para.href}` : para.href;
    return `${para.text}: ${para.href}`;
  };
  const asHtml = (para: Paragraph) => {
    if (typeof para === 'string') return `<p>${esc(para)}</p>`;
    if ('strong' in para) return `<p><strong>${esc(para.strong)}</strong></p>`;
    const link = `<a href="${esc(para.href)}">${esc('label' in para ? para.label : para.text)}</a>`;
    return 'label' in para && para.lead ? `<p>${esc(para.lead)}<br>${link}</p>` : `<p>${link}</p>`;
  };
  const text = [`Dear ${p.firstName},`, ...p.paragraphs.map(asText), SIGN_OFF.join('\n'), FOOTER].join(
    '\n\n',
  );
  const html = [
    `<p>Dear ${esc(p.firstName)},</p>`,
    ...p.paragraphs.map(asHtml),
    `<p>${SIGN_OFF.map(esc).join('<br>')}</p>`,
    `<p><small>${esc(FOOTER)}</small></p>`,
  ].join('\n');
  return { subject: p.subject, text, html };
}
