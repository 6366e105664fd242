import { BRAND } from '@lender/contract/brand';
import type { OutgoingMessage } from '../../lib/outbox';
import { escapeHtml as esc } from '../../lib/escape-html';

const warning = (phone: string) =>
  `If you did not ask for this code, someone may have your application link: please do not share the code, and call us on ${phone}.`;

/**
 * The landing page's proof-of-identity code (issue 45), to the lead's own mobile or e-mail: what it is
 * for, how long it works, and what to do if the person did not ask for it (someone else holds the link).
 */
export function landingCodeMessage(
  via: 'sms' | 'email',
  to: { mobile: string; email: string; firstName: string },
  code: string,
  validMinutes: number,
): OutgoingMessage {
  if (via === 'sms') {
    return {
      channel: 'sms',
      to: to.mobile,
      text: `${BRAND.name}: your code to continue your loan application is ${code}. It works for ${validMinutes} minutes. We will never ask you for it by phone. ${warning(BRAND.supportPhone)}`,
    };
  }
  const lines = [
    `Your code to continue your loan application on our website is ${code}. It works for ${validMinutes} minutes.`,
    `We will never ask you for it by phone. ${warning(BRAND.supportPhone)}`,
  ];
  return {
    channel: 'email',
    to: to.email,
    subject: 'Your code to continue your application',
    text: `Dear ${to.firstName},\n\n${lines.join('\n\n')}\n\nThe Customer Service team\n${BRAND.name}, ${BRAND.supportPhone}, ${BRAND.supportEmail}`,
    html: `<p>Dear ${esc(to.firstName)},</p>\n${lines.map((l) => `<p>${esc(l)}</p>`).join('\n')}\n<p>The Customer Service team<br>${esc(BRAND.name)}, ${esc(BRAND.supportPhone)}, ${esc(BRAND.supportEmail)}</p>`,
  };
}
