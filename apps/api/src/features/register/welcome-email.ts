import { BRAND } from '@lender/contract/brand';
import { formatPence, type Pence } from '@lender/contract/money';
import { PasswordLinkPurpose } from '../../entities/one-time-secrets/password-link-repository';
import type { EntityRepositories } from '../../entities/unit-of-work';
import { randomToken } from '../../lib/secrets';

const SET_PASSWORD_TTL_SECONDS = 7 * 86_400;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The welcome e-mail after stage1: what happens next, and a single-use link to set a password. */
export function welcomeEmail(p: { firstName: string; amountPence: number; setPasswordUrl: string }) {
  const subject = `Welcome to ${BRAND.name}: your application has started`;
  const text = `Dear ${p.firstName},

Thank you for applying for a loan of ${formatPence(p.amountPence)} with ${BRAND.name}.

Your quote is ready on our website. To come back to your application at any time, set a password for your account using this link (it works once and expires in 7 days):

${p.setPasswordUrl}

If you did not apply, please call us on ${BRAND.supportPhone}.

Warning: Late repayment can cause you serious money problems. For help, go to moneyhelper.org.uk

The Customer Service team
${BRAND.name}`;
  const html = `<p>Dear ${esc(p.firstName)},</p>
<p>Thank you for applying for a loan of ${esc(formatPence(p.amountPence))} with ${esc(BRAND.name)}.</p>
<p>Your quote is ready on our website. To come back to your application at any time, set a password for your account (the link works once and expires in 7 days):</p>
<p><a href="${esc(p.setPasswordUrl)}">Set your password</a></p>
<p>If you did not apply, please call us on ${esc(BRAND.supportPhone)}.</p>
<p><strong>Warning: Late repayment can cause you serious money problems. For help, go to moneyhelper.org.uk</strong></p>
<p>The Customer Service team<br>${esc(BRAND.name)}</p>`;
  return { subject, text, html };
}

/**
 * A new customer's welcome: a single-use set-password link (7 days) and the e-mail carrying it, in the
 * caller's transaction. Stage 1 sends it, and a partner's lead once its visitor submits the landing page
 * (the composition root hands it there).
 */
export async function sendWelcomeEmail(
  { passwordLinks, outbox }: Pick<EntityRepositories, 'passwordLinks' | 'outbox'>,
  publicUrl: string,
  to: { customerId: number; email: string; firstName: string; amountPence: Pence },
) {
  const setPasswordToken = randomToken();
  await passwordLinks.insert({
    customerId: to.customerId,
    purpose: PasswordLinkPurpose.setPassword,
    token: setPasswordToken,
    ttlSeconds: SET_PASSWORD_TTL_SECONDS,
  });
  const mail = welcomeEmail({
    firstName: to.firstName,
    amountPence: to.amountPence,
    setPasswordUrl: `${publicUrl}/reset-password/${setPasswordToken}`,
  });
  // The token is sealed apart from the stored text: the outbox never keeps a live set-password link.
  await outbox.enqueue({ channel: 'email', to: to.email, ...mail, secrets: [setPasswordToken] });
}

export type SendWelcomeEmail = typeof sendWelcomeEmail;
