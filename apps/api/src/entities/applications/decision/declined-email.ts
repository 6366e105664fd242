import { BRAND } from '@lender/contract/brand';
import type { AgencyParticulars } from '../../../lib/credit-reference/credit-reference-agency';
import {
  agencyNoticeParagraphs,
  AUTOMATED_DECISION_REVIEW,
} from '../../../lib/credit-reference/agency-notice';
import { customerEmail, FREE_DEBT_ADVICE } from '../../../lib/customer-email';

/**
 * A declined application's e-mail (issue 47): the decline in the page's words, the credit reference
 * agency's particulars when its information counted (Consumer Credit Act s157; `agency` undefined when it
 * did not), that a person can review the automated decision (UK GDPR Art. 22), and free debt advice.
 */
export const applicationDeclinedEmail = (firstName: string, agency: AgencyParticulars | null | undefined) =>
  customerEmail({
    subject: `Your ${BRAND.name} loan application`,
    firstName,
    paragraphs: [
      'Thank you for your application. After careful review, we regret to inform you that we are unable to approve it at this time. You may be eligible to reapply in the future.',
      ...(agency === undefined ? [] : agencyNoticeParagraphs(agency)),
      AUTOMATED_DECISION_REVIEW,
      ...FREE_DEBT_ADVICE,
    ],
  });
