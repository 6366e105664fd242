import { BRAND } from '@lender/contract/brand';
import { customerEmail, type Paragraph } from '../../lib/customer-email';

const NOT_YOU = `If this was not you, please call us straight away on ${BRAND.supportPhone}.`;

/** An account e-mail in the house style (lib/customer-email.ts): a link's text part is its address alone. */
const email = (subject: string, firstName: string, paragraphs: readonly Paragraph[]) =>
  customerEmail({ subject, firstName, paragraphs });

/** Forgot password: the single-use link, and that nothing changes if it is ignored. */
export const resetPasswordEmail = (p: { firstName: string; resetUrl: string; validMinutes: number }) =>
  email('Reset your password', p.firstName, [
    `We received a request to reset the password of your ${BRAND.name} account. To choose a new password, use this link (it works once, for ${p.validMinutes} minutes):`,
    { href: p.resetUrl, label: 'Reset your password' },
    'If you did not ask to reset your password, you can ignore this e-mail: your password has not changed.',
    NOT_YOU,
  ]);

/** After any password change (reset, first password, change in the account area). No link, no token. */
export const passwordChangedEmail = (p: { firstName: string; signedOutElsewhere: boolean }) =>
  email('Your password has been changed', p.firstName, [
    `The password of your ${BRAND.name} account has just been changed.`,
    ...(p.signedOutElsewhere ? ['For your safety, you have been signed out on your other devices.'] : []),
    NOT_YOU,
  ]);

/** To the NEW address: the link that makes it the account's address. */
export const confirmEmailChangeEmail = (p: { firstName: string; confirmUrl: string; validHours: number }) =>
  email('Confirm your new e-mail address', p.firstName, [
    `You asked to use this e-mail address for your ${BRAND.name} account. To confirm it, use this link (it works once, for ${p.validHours} hours):`,
    { href: p.confirmUrl, label: 'Confirm your new e-mail address' },
    'Until you do, we keep using your current e-mail address. If you did not ask for this, you can ignore this e-mail.',
  ]);

/** To the OLD address: a change was asked for. No link: the address itself is not shown in full either. */
export const emailChangeRequestedEmail = (p: { firstName: string; newEmailHint: string }) =>
  email('A change of your e-mail address was requested', p.firstName, [
    `Someone signed in to your ${BRAND.name} account asked to change its e-mail address to ${p.newEmailHint}. The change happens only when the link we sent to that address is used.`,
    NOT_YOU,
  ]);

export const mobileChangedEmail = (p: { firstName: string; mobileHint: string }) =>
  email('Your mobile number has been changed', p.firstName, [
    `The mobile number of your ${BRAND.name} account has been changed to the number ending ${p.mobileHint}.`,
    NOT_YOU,
  ]);

/**
 * After the fifth wrong password: once per lock. The way back in is a password reset, which proves the
 * mailbox and lifts the lock at once; the page of the reset link is named, not linked to a token.
 */
export const accountLockedEmail = (p: { firstName: string; forgotUrl: string; lockedMinutes: number }) =>
  email('Someone tried to sign in to your account', p.firstName, [
    `Someone tried to sign in to your ${BRAND.name} account with the wrong password several times, so we have paused sign-in for ${p.lockedMinutes} minutes to protect it.`,
    'If it was you, you can reset your password now: a completed reset signs you in straight away.',
    { href: p.forgotUrl, label: 'Reset your password' },
    `If it was not you, your account is safe: nobody has signed in. You may want to reset your password anyway. ${NOT_YOU}`,
  ]);

/** SMS to the number in use when the account's contact details change: the way to report it, no link. */
export const contactChangedSms = (what: 'e-mail address' | 'mobile number') =>
  `${BRAND.name}: a change of the ${what} of your account was made. If this was not you, call us now on ${BRAND.supportPhone}.`;
