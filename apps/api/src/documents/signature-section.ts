import { LONDON_TZ } from '@lender/contract/constants';
import type { AgreementFacts } from './agreement-facts';
import type { AgreementDocument } from './blocks';

/** What the signature record holds, as the PDF copy prints it. */
export type SignatureDetails = {
  /** ISO instant. */
  signedAt: string;
  ipAddress: string;
  userAgent: string;
  /** SHA-256 (hex) of the three documents as they were shown. */
  documentsSha256: string;
};

const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON_TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as the customer's clock showed it: dd-MM-yyyy HH:mm in London. */
export function londonDateTime(instant: string): string {
  const p = Object.fromEntries(londonParts.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
}

/** The last section of the signed copy: who signed, when, from where, and which documents. */
export function signatureSection(signature: SignatureDetails, facts: AgreementFacts): AgreementDocument {
  return {
    title: 'Electronic signature',
    blocks: [
      {
        kind: 'paragraph',
        text:
          `${facts.customer.fullName} signed the documents in this file electronically, by confirming a code ` +
          'sent by SMS and a link sent by e-mail and ticking the declarations.',
      },
      {
        kind: 'table',
        caption: 'Signature details',
        rowHeaders: true,
        rows: [
          ['Signed by', facts.customer.fullName],
          ['Agreement number', facts.reference],
          ['Signed at (UK time)', londonDateTime(signature.signedAt)],
          ['IP address', signature.ipAddress],
          ['User agent', signature.userAgent],
          ['Documents SHA-256', signature.documentsSha256],
        ],
      },
      {
        kind: 'paragraph',
        text:
          'The SHA-256 is a fingerprint of the pre-contract credit information, the adequate explanation ' +
          'and the loan agreement exactly as they were shown to you when you signed.',
      },
    ],
  };
}
