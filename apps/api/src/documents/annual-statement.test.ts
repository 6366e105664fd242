import { BRAND } from '@lender/contract/brand';
import { describe, expect, it } from 'vitest';
import { drawnText } from '../test/pdf-drawn-text';
import { ANNUAL_STATEMENT_WORDING, annualStatement, type AnnualStatementFacts } from './annual-statement';
import { renderStatementPdf } from './render-pdf';

/*
 * The s77A annual statement against Schedule 1 Part 1 of SI 2007/1167 (docs/decisions/073): each item of
 * the Part in its order, then the balances and the period's movements as given, the figures never
 * worked out again by the document.
 */

const facts: AnnualStatementFacts = {
  borrower: 'Ada Lovelace',
  borrowerAddress: '12 Analytical Row, London N1 1AA',
  agreementNumber: 4021,
  agreementDate: '2025-10-20',
  period: { start: '2025-10-20', end: '2026-10-19' },
  givenOn: '2026-10-20',
  creditPence: 30000,
  rates: [
    { from: '2025-10-20', dailyRate: 0.008 },
    { from: '2026-01-12', dailyRate: 0 },
  ],
  defaultedOn: null,
  signedLastDueDate: '2026-01-05',
  currentLastDueDate: '2026-12-07',
  openingBalancePence: 0,
  closingBalancePence: 21744,
  movements: [
    {
      kind: 'other',
      date: '2025-10-21',
      description: 'Loan paid out to you',
      addedPence: 30000,
      takenOffPence: 0,
      balancePence: 30000,
    },
    {
      kind: 'interest',
      date: '2025-11-20',
      description: 'Interest, 22-10-2025 to 20-11-2025',
      addedPence: 7200,
      takenOffPence: 0,
      balancePence: 37200,
    },
    {
      kind: 'payment',
      date: '2025-11-21',
      description: 'Repayment collected from your card',
      addedPence: 0,
      takenOffPence: 17200,
      balancePence: 20000,
    },
    {
      kind: 'fee',
      date: '2025-12-20',
      description: 'Default fee',
      addedPence: 1500,
      takenOffPence: 0,
      balancePence: 21500,
    },
    {
      kind: 'interest',
      date: '2025-12-21',
      description: 'Interest',
      addedPence: 244,
      takenOffPence: 0,
      balancePence: 21744,
    },
  ],
  arrearsPence: 4321,
  nextPayment: { dueDate: '2026-11-02', amountPence: 5436 },
};

const pdfText = async (f: AnnualStatementFacts) =>
  (
    await drawnText(
      await renderStatementPdf(annualStatement(f), {
        headerRight: `Annual statement, agreement ${f.agreementNumber}`,
        subject: 'Annual statement',
        madeAt: new Date('2026-10-20T18:00:00Z'),
      }),
    )
  )
    .flat()
    .join(' ');

/** Each text, found after the one before it. */
function expectInOrder(text: string, parts: readonly string[]) {
  let at = -1;
  for (const part of parts) {
    const found = text.indexOf(part, at + 1);
    expect(found, `${part} (after position ${at})`).toBeGreaterThan(at);
    at = found;
  }
}

describe('the s77A annual statement (SI 2007/1167 Schedule 1 Part 1)', () => {
  it('states each item of Part 1 in its order: the period, the lender, the agreement', async () => {
    const text = await pdfText(facts);
    expectInOrder(text, [
      'Annual statement',
      ANNUAL_STATEMENT_WORDING.given,
      'Date of this statement: 20-10-2026',
      // para 1: the period.
      'From 20-10-2025 to 19-10-2026, both days included.',
      // para 2: the creditor's name, telephone number, postal address and other address.
      `${BRAND.legalName}, trading as ${BRAND.name}`,
      BRAND.supportPhone,
      BRAND.registeredAddress,
      BRAND.supportEmail,
      // para 3(a)-(e): the agreement, the credit, the rates, the day made, the duration.
      'Fixed-sum loan agreement number 4021, regulated by the Consumer Credit Act 1974',
      'Amount of credit £300.00',
      'From 20-10-2025: 0.8% a day (292% a year), fixed; from 12-01-2026: 0% a day (0% a year), fixed',
      'Made on 20-10-2025',
      'From 20-10-2025 to 07-12-2026, the last repayment date of your current payment plan (as made, to 05-01-2026)',
      ANNUAL_STATEMENT_WORDING.howInterest,
    ]);
  });

  it('gives the balances and each movement with its date as given, then the totals and what is due', async () => {
    const text = await pdfText(facts);
    expectInOrder(text, [
      'Opening balance on 20-10-2025 £0.00',
      'Closing balance on 19-10-2026 £217.44',
      'Movements on your account from 20-10-2025 to 19-10-2026',
      'Date Movement Added Paid or taken off Balance',
      '21-10-2025 Loan paid out to you £300.00 £300.00',
      '20-11-2025 Interest, 22-10-2025 to 20-11-2025 £72.00 £372.00',
      '21-11-2025 Repayment collected from your card £172.00 £200.00',
      '20-12-2025 Default fee £15.00 £215.00',
      '21-12-2025 Interest £2.44 £217.44',
      'Interest that became due £74.44',
      'Fees and charges that became due £15.00',
      'Paid by you £172.00',
      'On 19-10-2026, £43.21 of your repayments was overdue.',
      ANNUAL_STATEMENT_WORDING.arrears,
      'Your next repayment after 19-10-2026: £54.36, due on 02-11-2026.',
      ANNUAL_STATEMENT_WORDING.settlement,
      ANNUAL_STATEMENT_WORDING.help,
    ]);
  });

  it('says a defaulted agreement owes its whole balance and charges no interest from the default', async () => {
    const text = await pdfText({ ...facts, rates: [facts.rates[0]!], defaultedOn: '2026-02-01' });
    expect(text).toContain(
      '0.8% a day (292% a year), fixed; no interest after 01-02-2026, the day the agreement went into default',
    );
    expect(text).toContain(
      'Your agreement has been in default since 01-02-2026: the whole balance of £217.44 was due on 19-10-2026.',
    );
    expect(text).not.toContain('Your next repayment');
  });

  it('makes only the arrears statement bold, and says so when nothing moved', () => {
    const doc = annualStatement({ ...facts, movements: [], arrearsPence: 0 });
    const bold = doc.blocks.filter((b) => b.kind === 'paragraph' && b.important);
    expect(bold).toEqual([]);
    expect(doc.blocks).toContainEqual({
      kind: 'paragraph',
      text: 'There was no movement on your account in the period.',
    });
    const inArrears = annualStatement(facts).blocks.filter((b) => b.kind === 'paragraph' && b.important);
    expect(inArrears).toEqual([
      { kind: 'paragraph', important: true, text: ANNUAL_STATEMENT_WORDING.arrears },
    ]);
  });
});
