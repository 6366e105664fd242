import { BRAND } from '@lender/contract/brand';
import type { Paragraph } from '../customer-email';
import type { AgencyParticulars } from './credit-reference-agency';

/**
 * What a decline that rested on a credit reference agency's information tells the applicant (Consumer
 * Credit Act s157: the agency's name, address and phone, asked or not; UK GDPR Art. 15 makes the file
 * free to see). Null particulars: the agency counted but could not be named just now.
 */
export const agencyNoticeParagraphs = (agency: AgencyParticulars | null): Paragraph[] =>
  agency
    ? [
        `Information from a credit reference agency counted in this decision. The agency is ${agency.name}, ${agency.postalAddress.join(', ')}, phone ${agency.phone}, web ${agency.web}.`,
        `You can get a copy of your credit file from ${agency.name} free of charge, and ask it to correct anything that is wrong.`,
      ]
    : [
        `Information from a credit reference agency counted in this decision. Call us on ${BRAND.supportPhone} and we will tell you which agency, so that you can get your credit file from it free of charge.`,
      ];

/** UK GDPR Art. 22: a decision made by automated means alone may be reviewed by a person on request. */
export const AUTOMATED_DECISION_REVIEW: Paragraph = `This decision was made by our automated checks. You can ask for a person to review it: call us on ${BRAND.supportPhone} or e-mail ${BRAND.supportEmail}, and we will record your request and reply within 5 working days.`;
