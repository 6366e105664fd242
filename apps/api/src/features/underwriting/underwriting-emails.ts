import { BRAND } from '@lender/contract/brand';
import { formatPence } from '@lender/contract/money';
import { customerEmail, FREE_DEBT_ADVICE } from '../../lib/customer-email';
import type { AgencyParticulars } from '../../lib/credit-reference/credit-reference-agency';
import { agencyNoticeParagraphs, AUTOMATED_DECISION_REVIEW } from '../../lib/credit-reference/agency-notice';
import type { Reason } from './underwriting-rules';

/** Approval: the money is on its way, within 15 minutes of this e-mail (issue 25). */
export const approvedEmail = (firstName: string, amountPence: number) =>
  customerEmail({
    subject: `Your ${BRAND.name} loan is approved`,
    firstName,
    paragraphs: [
      `Good news: your loan of ${formatPence(amountPence)} is approved.`,
      'The money will be deposited in your bank account within 15 minutes of this e-mail, by Faster Payment.',
      'Your repayments will be collected from your debit card on the dates in your agreement. You can see them, and your loan, when you sign in to your account.',
      {
        strong:
          'Warning: Late repayment can cause you serious money problems. For help, go to moneyhelper.org.uk',
      },
    ],
  });

/** A decline: why, in plain words, that a person can review it, and where free debt advice is. */
export const declinedEmail = (
  firstName: string,
  reasons: readonly Reason[],
  /** Set when a credit reference agency's information counted (s157): its particulars, or null if unknown now. */
  agency?: AgencyParticulars | null,
) =>
  customerEmail({
    subject: `Your ${BRAND.name} loan application`,
    firstName,
    paragraphs: [
      'Thank you for signing your loan agreement. After our final checks we are sorry that we cannot lend to you this time, so the agreement will not go ahead and nothing is owed.',
      `Why: ${reasons.map((r) => r.text).join(' ')}`,
      ...(agency === undefined ? [] : agencyNoticeParagraphs(agency)),
      AUTOMATED_DECISION_REVIEW,
      ...FREE_DEBT_ADVICE,
    ],
  });

/**
 * The agency could not confirm who the applicant is (issue 47): a person decides, with proof of identity
 * and address uploaded in the account's documents (Document/UploadDocument).
 */
export const proofOfIdentityEmail = (firstName: string, documentsUrl: string) =>
  customerEmail({
    subject: `Your ${BRAND.name} loan application: we need proof of your identity`,
    firstName,
    paragraphs: [
      'Thank you for signing your loan agreement. The credit reference agency we check with could not confirm your name, date of birth and address together, so one of our team needs to see proof of who you are before we can pay out.',
      'Please sign in and upload two documents: proof of identity (a passport or a photocard driving licence) and proof of address (a utility bill or bank statement from the last 3 months, showing your name and address).',
      { href: documentsUrl, label: 'Upload your documents', lead: 'Upload them here:' },
      'We will e-mail you within one working day of receiving them. Nothing is paid out or owed until then.',
    ],
  });

/** A referral: a person will look, and by when. */
export const referredEmail = (firstName: string) =>
  customerEmail({
    subject: `Your ${BRAND.name} loan application`,
    firstName,
    paragraphs: [
      'Thank you for signing your loan agreement. One of our team needs to look at your application before we can pay out, and will e-mail you within one working day.',
      'There is nothing you need to do now. If we need anything from you, we will ask.',
    ],
  });

/** A counter-offer: why, what we can lend instead, and that nothing happens unless they sign again. */
export const counterOfferEmail = (firstName: string, signedPence: number, offeredPence: number) =>
  customerEmail({
    subject: `A new offer for your ${BRAND.name} loan`,
    firstName,
    paragraphs: [
      `Thank you for signing your agreement for ${formatPence(signedPence)}. After our final checks, the repayments on that amount would leave too little of your monthly income after your expenses, so we cannot lend it.`,
      `We can lend you ${formatPence(offeredPence)} instead, repaid on the same dates. We have sent you a separate e-mail with a link to read and sign the new agreement, and an SMS with a new code.`,
      'If you would rather not borrow, do nothing: the new offer simply lapses, and the first agreement does not go ahead.',
      ...FREE_DEBT_ADVICE,
    ],
  });

/** What each document an underwriter may ask for is, in the applicant's words (issue 48). */
export const REQUESTED_DOCUMENT_TEXT = {
  proofOfIdentity: 'proof of identity (a passport or a photocard driving licence)',
  proofOfAddress:
    'proof of address (a utility bill or bank statement from the last 3 months, showing your name and address)',
  proofOfIncome: 'proof of income (your latest payslip, or a bank statement showing your income)',
} as const;

/**
 * An underwriter asks for a document (issue 48): the application waits, nothing is paid out or owed
 * until a person has seen it. The underwriter's note, when there is one, is quoted as written.
 */
export const documentRequestEmail = (
  firstName: string,
  document: keyof typeof REQUESTED_DOCUMENT_TEXT,
  note: string | undefined,
  documentsUrl: string,
) =>
  customerEmail({
    subject: `Your ${BRAND.name} loan application: we need a document from you`,
    firstName,
    paragraphs: [
      `Thank you for your loan application. Before we can decide it, one of our team needs to see ${REQUESTED_DOCUMENT_TEXT[document]}.`,
      ...(note ? [`Our underwriter adds: ${note}`] : []),
      { href: documentsUrl, label: 'Upload your document', lead: 'Please sign in and upload it here:' },
      'We will e-mail you within one working day of receiving it. Nothing is paid out or owed until then.',
    ],
  });

/** A person reviewed an automated decline at the applicant's request (UK GDPR Art. 22) and it stands. */
export const reviewUpheldEmail = (firstName: string, reason: string) =>
  customerEmail({
    subject: `Your ${BRAND.name} loan application: our review`,
    firstName,
    paragraphs: [
      'You asked for a person to review our decision on your loan application. A member of our underwriting team has looked at it again, and we are sorry that the decision stands: we cannot lend to you this time.',
      `Why: ${reason}`,
      'If you are unhappy with how we have dealt with this, you can make a complaint by replying to this e-mail.',
      ...FREE_DEBT_ADVICE,
    ],
  });

/**
 * A person reviewed an automated decline and does not uphold it: the declined application cannot be
 * brought back (its quote and agreement are gone), so the applicant is invited to apply again.
 */
export const reviewOverturnedEmail = (firstName: string, reason: string) =>
  customerEmail({
    subject: `Your ${BRAND.name} loan application: our review`,
    firstName,
    paragraphs: [
      'You asked for a person to review our decision on your loan application. A member of our underwriting team has looked at it again and does not uphold the decline.',
      `Why: ${reason}`,
      'That application has closed, so please apply again when you are ready, and we will look at the new application afresh.',
    ],
  });
