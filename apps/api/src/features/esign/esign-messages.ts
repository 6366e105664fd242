import { BRAND } from '@lender/contract/brand';
import { customerEmail } from '../../lib/customer-email';

/** The SMS: the code, who sends it, and that we never ask for it by phone. */
export const esignSmsText = (code: string, validMinutes: number) =>
  `${BRAND.name}: your code to sign your loan agreement is ${code}. It works for ${validMinutes} minutes. We will never ask you for it by phone.`;

/**
 * 'Application e-Sign process' (the error page's e-sign variant names it): the link back to the e-sign
 * page, and the link that confirms this e-mail address. No images, no tracking.
 */
export const esignEmail = (p: {
  firstName: string;
  esignUrl: string;
  verifyUrl: string;
  linkValidHours: number;
}) =>
  customerEmail({
    subject: 'Application e-Sign process',
    firstName: p.firstName,
    paragraphs: [
      'Your loan application is ready to sign. To sign it, we check that it is you with two codes: one we sent to your mobile by SMS, and this e-mail.',
      {
        lead: `1. Confirm your e-mail address with this link (it works once, for ${p.linkValidHours} hours):`,
        href: p.verifyUrl,
        label: 'Confirm your e-mail address',
      },
      {
        lead: '2. Read and sign your loan agreement here (you can come back to this link at any time):',
        href: p.esignUrl,
        label: 'Read and sign your loan agreement',
      },
      `If you did not apply for a loan with us, please do not click the links and call us on ${BRAND.supportPhone}.`,
    ],
  });

/** After signing: the customer's copy of the agreement (attached), and what happens next. */
export const signedEmail = (p: { firstName: string; signedAtDisplay: string }) =>
  customerEmail({
    subject: `Your signed loan agreement with ${BRAND.name}`,
    firstName: p.firstName,
    paragraphs: [
      `Thank you. You signed your loan agreement on ${p.signedAtDisplay}. Your copy is attached to this e-mail as a PDF: please keep it.`,
      'Your application is now with our underwriters. There is no need to call us: we will tell you by e-mail as soon as there is news.',
      'You have the right to withdraw from the agreement within 14 days without giving a reason. The agreement explains how.',
      {
        strong:
          'Warning: Late repayment can cause you serious money problems. For help, go to moneyhelper.org.uk',
      },
    ],
  });
