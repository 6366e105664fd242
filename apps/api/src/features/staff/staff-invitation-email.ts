import { BRAND } from '@lender/contract/brand';
import { escapeHtml as esc } from '../../lib/escape-html';

/**
 * The invitation a new member of staff gets (`npm run ops -- staff add`): the link to set a password and
 * enrol two-factor, valid 24 hours, once. Not a customer e-mail: no greeting of the customer service team,
 * no regulatory footer; the link's token is passed to the outbox as a secret, so its stored copy never
 * holds it. The invitation code is in no e-mail (docs/decisions/071): the e-mail says the administrator
 * gives it, by phone or in person, so a forwarded or intercepted e-mail alone enrols no one.
 */
export function staffInvitationEmail(p: { displayName: string; role: string; link: string; hours: number }) {
  const subject = `Your ${BRAND.name} staff console account`;
  const lines = [
    `Hello ${p.displayName},`,
    `An account on the ${BRAND.name} staff console has been made for you, with the role ${p.role}.`,
    `Open this link within ${p.hours} hours to choose your password and set up your authenticator app. It works once.`,
    p.link,
    'You will also need the invitation code your administrator gives you by phone or in person. It is not in this e-mail, and nobody will ask you for it by e-mail. If you do not have it yet, ask your administrator.',
    'If you did not expect this e-mail, do not open the link and tell your administrator.',
  ];
  const html = [
    `<p>${esc(lines[0]!)}</p>`,
    `<p>${esc(lines[1]!)}</p>`,
    `<p>${esc(lines[2]!)}<br><a href="${esc(p.link)}">Set up my staff account</a></p>`,
    `<p>${esc(lines[4]!)}</p>`,
    `<p>${esc(lines[5]!)}</p>`,
  ].join('\n');
  return { subject, text: lines.join('\n\n'), html };
}
