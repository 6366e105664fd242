import { BRAND } from '@lender/contract/brand';
import { escapeHtml as esc } from '../../lib/escape-html';

const SIGN_OFF = `The Customer Service team
${BRAND.name}, ${BRAND.supportPhone}, ${BRAND.supportEmail}`;
const SIGN_OFF_HTML = `<p>The Customer Service team<br>${esc(BRAND.name)}, ${esc(BRAND.supportPhone)}, ${esc(BRAND.supportEmail)}</p>`;
const FOOTER = `${BRAND.legalName} is authorised and regulated by the Financial Conduct Authority (FRN ${BRAND.firmReferenceNumber}). Registered office: ${BRAND.registeredAddress}.`;

/** The SMS: the code, who sends it, and that we never ask for it by phone. */
export const esignSmsText = (code: string, validMinutes: number) =>
  `${BRAND.name}: your code to sign your loan agreement is ${code}. It works for ${validMinutes} minutes. We will never ask you for it by phone.`;

/**
 * 'Application e-Sign process' (the error page's e-sign variant names it): the link back to the e-sign
 * page, and the link that confirms this e-mail address. No images, no tracking.
 */
export function esignEmail(p: {
  firstName: string;
  esignUrl: string;
  verifyUrl: string;
  linkValidHours: number;
}) {
  const subject = 'Application e-Sign process';
  const text = `Dear ${p.firstName},

Your loan application is ready to sign. To sign it, we check that it is you with two codes: one we sent to your mobile by SMS, and this e-mail.

1. Confirm your e-mail address with this link (it works once, for ${p.linkValidHours} hours):
${p.verifyUrl}

2. Read and sign your loan agreement here (you can come back to this link at any time):
${p.esignUrl}

If you did not apply for a loan with us, please do not click the links and call us on ${BRAND.supportPhone}.

${SIGN_OFF}

${FOOTER}`;
  const html = `<p>Dear ${esc(p.firstName)},</p>
<p>Your loan application is ready to sign. To sign it, we check that it is you with two codes: one we sent to your mobile by SMS, and this e-mail.</p>
<p>1. <a href="${esc(p.verifyUrl)}">Confirm your e-mail address</a> (the link works once, for ${p.linkValidHours} hours).</p>
<p>2. <a href="${esc(p.esignUrl)}">Read and sign your loan agreement</a> (you can come back to this link at any time).</p>
<p>If you did not apply for a loan with us, please do not click the links and call us on ${esc(BRAND.supportPhone)}.</p>
${SIGN_OFF_HTML}
<p><small>${esc(FOOTER)}</small></p>`;
  return { subject, text, html };
}

/** After signing: the customer's copy of the agreement (attached), and what happens next. */
export function signedEmail(p: { firstName: string; signedAtDisplay: string }) {
  const subject = `Your signed loan agreement with ${BRAND.name}`;
  const text = `Dear ${p.firstName},

Thank you. You signed your loan agreement on ${p.signedAtDisplay}. Your copy is attached to this e-mail as a PDF: please keep it.

Your application is now with our underwriters. There is no need to call us: we will tell you by e-mail as soon as there is news.

You have the right to withdraw from the agreement within 14 days without giving a reason. The agreement explains how.

Warning: Late repayment can cause you serious money problems. For help, go to moneyhelper.org.uk

${SIGN_OFF}

${FOOTER}`;
  const html = `<p>Dear ${esc(p.firstName)},</p>
<p>Thank you. You signed your loan agreement on ${esc(p.signedAtDisplay)}. Your copy is attached to this e-mail as a PDF: please keep it.</p>
<p>Your application is now with our underwriters. There is no need to call us: we will tell you by e-mail as soon as there is news.</p>
<p>You have the right to withdraw from the agreement within 14 days without giving a reason. The agreement explains how.</p>
<p><strong>Warning: Late repayment can cause you serious money problems. For help, go to moneyhelper.org.uk</strong></p>
${SIGN_OFF_HTML}
<p><small>${esc(FOOTER)}</small></p>`;
  return { subject, text, html };
}
