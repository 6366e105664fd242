import { BRAND } from '@lender/contract/brand';
import {
  COMPLAINT_CATEGORY_NAMES,
  COMPLAINT_OUTCOME_NAMES,
  type COMPLAINT_CATEGORIES,
  type COMPLAINT_OUTCOMES,
} from '@lender/contract/calls/staff-complaints';
import { formatDisplayDate, type IsoDate } from '@lender/contract/dates';
import { formatPence } from '@lender/contract/money';
import type { AgreementDocument } from '../../documents/blocks';
import { FINANCIAL_OMBUDSMAN } from '../../documents/legal-terms';
import { customerEmail } from '../../lib/customer-email';

type Category = (typeof COMPLAINT_CATEGORIES)[number];
type Outcome = (typeof COMPLAINT_OUTCOMES)[number];

/** The Financial Ombudsman Service's contact details, as a final response gives them (DISP 1.6.2R). */
export const OMBUDSMAN_CONTACT = {
  name: 'Financial Ombudsman Service',
  address: 'Exchange Tower, London E14 9SR',
  phone: FINANCIAL_OMBUDSMAN.phone,
  email: 'complaint.info@financial-ombudsman.org.uk',
  website: `www.${FINANCIAL_OMBUDSMAN.website}`,
  /** Its consumer leaflet, which DISP 1.6.2R(1) has a final response enclose: linked, as the letter is sent online. */
  leaflet: `https://www.${FINANCIAL_OMBUDSMAN.website}/consumers/how-to-complain`,
} as const;

/**
 * DISP 1 Annex 3R's standard wording where the firm does not consent to the Ombudsman considering a late
 * referral (the six-month limit of DISP 2.8.2R(1)), word for word as read in
 * docs/decisions/068-staff-complaints.md. The last two are one paragraph in the Annex.
 */
export const FOS_REFERRAL_WORDING = [
  'You have the right to refer your complaint to the Financial Ombudsman Service, free of charge – but you must do so within six months of the date of this letter.',
  'If you do not refer your complaint in time, the Ombudsman will not have our permission to consider your complaint and so will only be able to do so in very limited circumstances. For example, if the Ombudsman believes that the delay was as a result of exceptional circumstances.',
] as const;

/** DISP 1.5.4R(2): a summary resolution says the complainant may be able to refer it to the Ombudsman. */
export const SUMMARY_REFERRAL =
  'If you later decide that you are not happy with how we resolved your complaint, you may be able to refer it to the Financial Ombudsman Service.';

const ombudsmanLines = () => [
  `${OMBUDSMAN_CONTACT.name}, ${OMBUDSMAN_CONTACT.address}`,
  `Phone: ${OMBUDSMAN_CONTACT.phone}`,
  `E-mail: ${OMBUDSMAN_CONTACT.email}`,
  `Website: ${OMBUDSMAN_CONTACT.website}`,
];

export type LetterFacts = {
  firstName: string;
  customerName: string;
  customerAddress: string;
  reference: string;
  receivedOn: IsoDate;
  category: Category;
  summary: string;
  outcome: Outcome;
  reasons: string;
  redressPence: number;
  date: IsoDate;
};

const outcomeSentence = (outcome: Outcome) =>
  outcome === 'upheld'
    ? 'We uphold your complaint.'
    : outcome === 'partlyUpheld'
      ? 'We uphold your complaint in part.'
      : 'We do not uphold your complaint.';

const redressSentence = (pence: number) =>
  pence > 0
    ? `To put things right we will pay you ${formatPence(pence)}. We will pay it to you by a refund, and write to you when it is paid.`
    : 'We are not offering a payment.';

/** DISP 1.6.1R(1): a prompt written acknowledgement: the reference, what happens next and by when. */
export const acknowledgementEmail = (c: {
  firstName: string;
  reference: string;
  receivedOn: IsoDate;
  deadlineOn: IsoDate;
}) =>
  customerEmail({
    subject: `We have received your complaint (reference ${c.reference})`,
    firstName: c.firstName,
    paragraphs: [
      `Thank you for telling us about your complaint, which we received on ${formatDisplayDate(c.receivedOn)}. Your reference is ${c.reference}: please quote it if you contact us about it.`,
      'What happens next: a member of our complaints team will look into what happened, and may contact you if we need more information. We will keep you informed of our progress.',
      `We will send you our final response by ${formatDisplayDate(c.deadlineOn)}, the end of eight weeks after we received your complaint. If we cannot, we will write to explain why and when we expect to respond.`,
      `If you are not happy with our final response, or have not received it by ${formatDisplayDate(c.deadlineOn)}, you may refer your complaint to the Financial Ombudsman Service, free of charge: ${OMBUDSMAN_CONTACT.website}, ${OMBUDSMAN_CONTACT.phone}.`,
    ],
  });

/**
 * DISP 1.5.4R: the summary resolution communication: that the complaint was made and is now resolved, that
 * the customer may be able to refer it to the Ombudsman, the Annex 3 wording on the time limits, the
 * Ombudsman's website, and (DISP 1.5.4R(5)) the Ombudsman's leaflet.
 */
export const summaryResolutionEmail = (f: LetterFacts) =>
  customerEmail({
    subject: `Your complaint ${f.reference} is resolved`,
    firstName: f.firstName,
    paragraphs: [
      `You made a complaint to us on ${formatDisplayDate(f.receivedOn)} (reference ${f.reference}) about ${COMPLAINT_CATEGORY_NAMES[f.category].toLowerCase()}. Thank you for talking it through with us: we now consider your complaint resolved.`,
      `${outcomeSentence(f.outcome)} ${f.reasons}`,
      redressSentence(f.redressPence),
      SUMMARY_REFERRAL,
      ...FOS_REFERRAL_WORDING,
      `The Financial Ombudsman Service's website is ${OMBUDSMAN_CONTACT.website}. Its leaflet explaining its service:`,
      { text: 'Financial Ombudsman Service leaflet', href: OMBUDSMAN_CONTACT.leaflet },
    ],
  });

/** The final response's e-mail: the letter is in the account's documents; the rights said here too. */
export const finalResponseEmail = (f: LetterFacts, publicUrl: string) =>
  customerEmail({
    subject: `Our final response to your complaint ${f.reference}`,
    firstName: f.firstName,
    paragraphs: [
      { strong: 'This is our final response to your complaint.' },
      `${outcomeSentence(f.outcome)} Our letter, dated ${formatDisplayDate(f.date)}, sets out our reasons and is in the documents of your account.`,
      { text: 'Read the letter', href: new URL('/account/documents', publicUrl).toString() },
      redressSentence(f.redressPence),
      ...FOS_REFERRAL_WORDING,
      `${OMBUDSMAN_CONTACT.name}: ${OMBUDSMAN_CONTACT.address}; ${OMBUDSMAN_CONTACT.phone}; ${OMBUDSMAN_CONTACT.email}; ${OMBUDSMAN_CONTACT.website}. Its leaflet explaining its service:`,
      { text: 'Financial Ombudsman Service leaflet', href: OMBUDSMAN_CONTACT.leaflet },
    ],
  });

/**
 * The final response letter (DISP 1.6.2R(1)): accepts or rejects the complaint with reasons, the redress,
 * that the customer may now refer it to the Ombudsman within six months in DISP 1 Annex 3R's words, the
 * Ombudsman's contact details and website, and its leaflet.
 */
export function finalResponseLetter(f: LetterFacts): AgreementDocument {
  return {
    title: 'Our final response to your complaint',
    blocks: [
      { kind: 'paragraph', text: `${f.customerName}, ${f.customerAddress}` },
      { kind: 'paragraph', text: `Date: ${formatDisplayDate(f.date)}` },
      { kind: 'paragraph', text: `Our reference: ${f.reference}` },
      { kind: 'paragraph', text: `Dear ${f.firstName},` },
      {
        kind: 'paragraph',
        text: `Thank you for your complaint, which we received on ${formatDisplayDate(f.receivedOn)}, about ${COMPLAINT_CATEGORY_NAMES[f.category].toLowerCase()}. This letter is our final response.`,
      },
      { kind: 'heading', text: 'Your complaint' },
      { kind: 'paragraph', text: f.summary },
      { kind: 'heading', text: `Our decision: ${COMPLAINT_OUTCOME_NAMES[f.outcome].toLowerCase()}` },
      { kind: 'paragraph', important: true, text: outcomeSentence(f.outcome) },
      ...f.reasons
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((text) => ({ kind: 'paragraph' as const, text })),
      { kind: 'heading', text: 'Putting things right' },
      { kind: 'paragraph', text: redressSentence(f.redressPence) },
      { kind: 'heading', text: 'If you are not happy with our response' },
      {
        kind: 'paragraph',
        text: 'If you remain dissatisfied with our response, you may now refer your complaint to the Financial Ombudsman Service.',
      },
      ...FOS_REFERRAL_WORDING.map((text) => ({ kind: 'paragraph' as const, important: true, text })),
      { kind: 'list', items: ombudsmanLines() },
      {
        kind: 'paragraph',
        text: `The Financial Ombudsman Service's leaflet explaining its service is enclosed with this letter's e-mail, and at ${OMBUDSMAN_CONTACT.leaflet}.`,
      },
      {
        kind: 'paragraph',
        text: `If you have any questions about this letter, please call us on ${BRAND.supportPhone} or e-mail ${BRAND.supportEmail}, quoting ${f.reference}.`,
      },
      { kind: 'paragraph', text: 'Yours sincerely,' },
      { kind: 'paragraph', text: `The Complaints team, ${BRAND.name}` },
    ],
  };
}

/**
 * DISP 1.6.2R(2): no final response by the end of eight weeks: why, when we expect to send one, and that
 * the customer may now refer the complaint to the Ombudsman (with its website and leaflet).
 */
export const holdingResponseEmail = (c: {
  firstName: string;
  reference: string;
  receivedOn: IsoDate;
  why: string;
  expectedBy: IsoDate;
}) =>
  customerEmail({
    subject: `Your complaint ${c.reference}: we need more time`,
    firstName: c.firstName,
    paragraphs: [
      `We are sorry that we are not yet in a position to give you our final response to the complaint you made on ${formatDisplayDate(c.receivedOn)} (reference ${c.reference}).`,
      `Why: ${c.why}`,
      `We expect to send you our final response by ${formatDisplayDate(c.expectedBy)}.`,
      `You do not have to wait: you may now refer your complaint to the Financial Ombudsman Service, free of charge. ${OMBUDSMAN_CONTACT.name}, ${OMBUDSMAN_CONTACT.address}; ${OMBUDSMAN_CONTACT.phone}; ${OMBUDSMAN_CONTACT.email}; ${OMBUDSMAN_CONTACT.website}. Its leaflet explaining its service:`,
      { text: 'Financial Ombudsman Service leaflet', href: OMBUDSMAN_CONTACT.leaflet },
    ],
  });
