import { BRAND } from '@lender/contract/brand';
import { describe, expect, it } from 'vitest';
import { drawnText } from '../test/pdf-drawn-text';
import { PROTOCOL } from './pre-action-protocol-pack';
import { letterOfClaim } from './pre-claim-documents';
import { renderStatementPdf } from './render-pdf';

const FACTS = {
  borrower: 'Jane Doe',
  borrowerAddress: 'Flat 2, 10 High Street, Leeds, LS1 4AB',
  agreementNumber: 42,
  agreementDate: '2026-01-01',
  amountBorrowedPence: 30_000,
  issuedOn: '2026-06-01',
  replyBy: '2026-07-01',
  amountPence: 41_250,
  interestContinues: false,
  dailyInterestPence: 0,
  statement: [],
};

describe('the Letter of Claim for post, with the Protocol’s pack (Annex 1)', () => {
  it('prints the address block and encloses the Information Sheet, the Reply Form and a Financial Statement', async () => {
    const pdf = await renderStatementPdf(letterOfClaim(FACTS), {
      headerRight: 'Letter of Claim, agreement 42',
      subject: 'Letter of Claim (Pre-Action Protocol for Debt Claims)',
      madeAt: new Date('2026-06-01T09:00:00Z'),
    });
    const text = (await drawnText(pdf)).flat().join(' ');
    const inOrder = (items: readonly string[]) => {
      let from = 0;
      for (const item of items) {
        const at = text.indexOf(item, from);
        expect(at, item).toBeGreaterThanOrEqual(from);
        from = at + item.length;
      }
    };
    // The address block: the lender's postal address, then the customer's, a line each, before the date.
    inOrder([
      `From: ${BRAND.legalName}, trading as ${BRAND.name}`,
      ...BRAND.registeredAddress.split(', '),
      'To: Jane Doe',
      'Flat 2',
      '10 High Street',
      'Leeds',
      'LS1 4AB',
      'Date of this letter: 01-06-2026',
    ]);
    // The pack, in the Protocol's order: Information Sheet, Reply Form (Boxes A to D, its sections), the
    // Financial Statement under the Standard Financial Statement's headings.
    inOrder([
      PROTOCOL.informationSheet,
      PROTOCOL.name,
      'You have 30 days from the date of the letter to reply.',
      'The creditor should not start court proceedings until 30 days after it has sent them to you.',
      PROTOCOL.replyForm,
      'Section 1: Do you owe the debt?',
      ...PROTOCOL.boxes.map(([letter, words]) => `Box ${letter}: ${words}`),
      'Section 2: Documents and information',
      'Section 3: Paying the debt',
      'Section 4: Debt advice',
      PROTOCOL.financialStatement,
      ...PROTOCOL.income,
      ...PROTOCOL.fixedCosts,
      ...PROTOCOL.flexibleCosts,
      ...PROTOCOL.savings,
    ]);
  });
});
