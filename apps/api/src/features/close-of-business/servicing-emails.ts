import { BRAND } from '@lender/contract/brand';
import { formatDisplayDate } from '@lender/contract/dates';
import { formatPence } from '@lender/contract/money';
import { FCA_DEFAULT_SHEET } from '../../documents/default-notice';
import { customerEmail, FREE_DEBT_ADVICE } from '../../lib/customer-email';

/** The FCA's information sheet that must go with a notice of sums in arrears (s86B, s86D). */
export const FCA_ARREARS_SHEET = {
  text: 'Arrears information sheet, Financial Conduct Authority',
  href: BRAND.fcaArrearsSheetUrl,
};

type Customer = { firstName: string; publicUrl: string };
const signInLink = (publicUrl: string) => ({
  text: 'Sign in to your account',
  href: new URL('/login', publicUrl).toString(),
});

/** The card could not be charged (declined twice, or expired): collections stop until a new card. */
export const cardBlockedEmail = (c: Customer & { amountPence: number; dueDate: string; expired: boolean }) =>
  customerEmail({
    subject: `We could not collect your ${BRAND.name} repayment`,
    firstName: c.firstName,
    paragraphs: [
      `We tried to collect your repayment of ${formatPence(c.amountPence)} due on ${formatDisplayDate(c.dueDate)} from your debit card, but ${c.expired ? 'the card has expired' : 'your bank declined the payment'}.`,
      'We will not try that card again. Please sign in, add a new debit card and make the payment, or call us if you are having difficulty: we will work with you to find a way to repay that you can afford.',
      signInLink(c.publicUrl),
      ...FREE_DEBT_ADVICE,
    ],
  });

/** Consumer Credit Act s86B: notice of sums in arrears, with the FCA's arrears information sheet. */
export const arrearsNoticeEmail = (
  c: Customer & { reference: string; arrearsPence: number; totalDuePence: number; today: string },
) =>
  customerEmail({
    subject: `Notice of sums in arrears: your ${BRAND.name} loan ${c.reference}`,
    firstName: c.firstName,
    paragraphs: [
      { strong: 'Notice of sums in arrears under section 86B of the Consumer Credit Act 1974' },
      `On ${formatDisplayDate(c.today)} your loan agreement ${c.reference} is in arrears by ${formatPence(c.arrearsPence)}. The total you owe under the agreement on that day is ${formatPence(c.totalDuePence)}.`,
      'This notice is sent to you because you have missed at least two repayments. It does not mean we are taking you to court. If you pay the arrears, or agree a plan with us, the arrears will stop growing.',
      'The FCA has produced an information sheet about arrears. It explains what this notice means and where to get help, and forms part of this notice:',
      FCA_ARREARS_SHEET,
      `If you are in financial difficulty, please call us on ${BRAND.supportPhone}: we can pause, reduce or reschedule your repayments while you get advice.`,
      ...FREE_DEBT_ADVICE,
      signInLink(c.publicUrl),
    ],
  });

/**
 * Consumer Credit Act s87/s88: a default notice was given. The notice itself is the PDF kept in the
 * customer's documents (features/close-of-business/default-notice-step.ts, issue 46); this e-mail says so,
 * with the sum that remedies the breach (never the default fee) and the FCA's default information sheet.
 */
export const defaultNoticeEmail = (
  c: Customer & { agreementNumber: number; remedySumPence: number; remedyBy: string; today: string },
) =>
  customerEmail({
    subject: `Default notice: your ${BRAND.name} loan ${c.agreementNumber}`,
    firstName: c.firstName,
    paragraphs: [
      { strong: 'We have given you a default notice under section 87(1) of the Consumer Credit Act 1974' },
      `Your loan agreement ${c.agreementNumber} is in breach because instalments were not paid on their due dates. Our default notice, dated ${formatDisplayDate(c.today)}, is in the documents of your account. Please read it carefully.`,
      `To remedy the breach, pay ${formatPence(c.remedySumPence)} on or before ${formatDisplayDate(c.remedyBy)}. If you do, we will take no further action about this breach, and we will take none before that date.`,
      {
        text: 'Read the default notice',
        href: new URL('/account/documents', c.publicUrl).toString(),
      },
      `If you have difficulty paying, please call us on ${BRAND.supportPhone}: we can agree a plan you can afford. The FCA's default information sheet, which comes with the notice, explains what it means and where to get help:`,
      FCA_DEFAULT_SHEET,
      ...FREE_DEBT_ADVICE,
    ],
  });

/**
 * What a notice of default sums carries (Consumer Credit Act s86E(2), (3) and the 2007 Information
 * Requirements Regulations' content for it, as read in docs/decisions/054-arrears-notices-default-sums-and-the-claim-pack.md),
 * each a line of its own so a test compares the notice with this list.
 */
export const DEFAULT_SUM_NOTICE = {
  heading: 'Notice of default sums under section 86E of the Consumer Credit Act 1974',
  interest:
    'We do not charge interest on this default sum, and we will not. You may pay it at any time, with your repayments or separately.',
  enforcement:
    'We could not ask you to pay this default sum before giving you this notice. Nothing else on your loan changes because of this notice.',
} as const;

/**
 * Consumer Credit Act s86E: notice of a default sum, given within 35 days of it becoming payable (here,
 * the day it is charged, in the same transaction as the fee), so the customer is told when the default
 * fee is added (issue 45 item 12). The Act asks for one notice per default sum, not repeats: a default sum
 * left unpaid keeps the s86B notices of sums in arrears going instead (s86B(5)(b)).
 */
export const defaultSumNoticeEmail = (
  c: Customer & {
    reference: string;
    feePence: number;
    missedDueDate: string;
    today: string;
    totalDuePence: number;
  },
) =>
  customerEmail({
    subject: `Notice of default sums: your ${BRAND.name} loan ${c.reference}`,
    firstName: c.firstName,
    paragraphs: [
      { strong: DEFAULT_SUM_NOTICE.heading },
      `Agreement: your fixed-sum loan agreement ${c.reference}, regulated by the Consumer Credit Act 1974.`,
      `Lender: ${BRAND.legalName}, trading as ${BRAND.name}, ${BRAND.registeredAddress}. Telephone ${BRAND.supportPhone}.`,
      `On ${formatDisplayDate(c.today)} you became liable to pay a default sum: a default fee of ${formatPence(c.feePence)}, because the repayment due on ${formatDisplayDate(c.missedDueDate)} has not been paid.`,
      DEFAULT_SUM_NOTICE.interest,
      DEFAULT_SUM_NOTICE.enforcement,
      `The total you owe under the agreement on ${formatDisplayDate(c.today)}, the fee included, is ${formatPence(c.totalDuePence)}.`,
      'We charge this fee once on your loan, however long the repayment stays unpaid. This notice does not mean we are taking you to court.',
      `If you are in financial difficulty, please call us on ${BRAND.supportPhone}: we can pause, reduce or reschedule your repayments while you get advice.`,
      ...FREE_DEBT_ADVICE,
      signInLink(c.publicUrl),
    ],
  });

/**
 * Consumer Credit Act s77A: the annual statement was given. The statement itself is the PDF kept in the
 * customer's documents (features/close-of-business/annual-statement-step.ts); this e-mail says so, with
 * its period and the balance at its end.
 */
export const annualStatementEmail = (
  c: Customer & { agreementNumber: number; start: string; end: string; closingBalancePence: number },
) =>
  customerEmail({
    subject: `Your annual statement: ${BRAND.name} loan ${c.agreementNumber}`,
    firstName: c.firstName,
    paragraphs: [
      { strong: 'Your annual statement under section 77A of the Consumer Credit Act 1974' },
      `Your statement for loan agreement ${c.agreementNumber}, for ${formatDisplayDate(c.start)} to ${formatDisplayDate(c.end)}, is in the documents of your account. It shows every payment, interest and charge on your account in that period. On ${formatDisplayDate(c.end)} you owed ${formatPence(c.closingBalancePence)}.`,
      {
        text: 'Read your annual statement',
        href: new URL('/account/documents', c.publicUrl).toString(),
      },
      `If you are in financial difficulty, please call us on ${BRAND.supportPhone}: we can agree a plan you can afford.`,
      ...FREE_DEBT_ADVICE,
    ],
  });
