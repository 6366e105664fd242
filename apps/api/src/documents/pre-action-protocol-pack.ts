import type { Block } from './blocks';

/**
 * The enclosures the Pre-Action Protocol for Debt Claims asks to go with a Letter of Claim (para 3.1,
 * Annex 1): the Information Sheet, the Reply Form and a Financial Statement form. Kept in one place so
 * the Protocol's own words can be checked against the official text in one file and changed in one
 * place (docs/decisions/054-arrears-notices-default-sums-and-the-claim-pack.md says which words were taken from where).
 */
export const PROTOCOL = {
  name: 'Pre-Action Protocol for Debt Claims',
  informationSheet: 'Information Sheet',
  replyForm: 'Reply Form',
  financialStatement: 'Financial Statement',
  /** The Reply Form's four answers to 'Do you owe the debt?' (Annex 1, Boxes A to D). */
  boxes: [
    ['A', 'I agree I owe the debt'],
    ['B', 'I agree I owe part of the debt'],
    ['C', 'I do not know if I owe the debt'],
    ['D', 'I dispute the debt'],
  ] as const,
  /** The Standard Financial Statement's headings, as the form to fill in. */
  income: ['Earnings', 'Benefits and tax credits', 'Pensions', 'Other income'],
  fixedCosts: [
    'Home and contents',
    'Utilities',
    'Care and health costs',
    'Transport and travel',
    'School costs',
    'Pensions and insurances',
    'Professional costs',
    'Other essential costs',
  ],
  flexibleCosts: ['Communications and leisure', 'Food and housekeeping', 'Personal costs'],
  savings: ['Savings contributions'],
} as const;

const blank = '£ ..........';
const box = (letter: string, words: string) => `[  ]  Box ${letter}: ${words}`;

/** The Information Sheet (Annex 1): what the letter is, what to do within 30 days, and where free advice is. */
export function protocolInformationSheet(advice: readonly string[]): Block[] {
  return [
    { kind: 'heading', text: PROTOCOL.informationSheet },
    {
      kind: 'paragraph',
      text: `You have been sent this Information Sheet with a Letter of Claim under the ${PROTOCOL.name}. The creditor named in the letter says that you owe it money and is thinking of starting court proceedings against you.`,
    },
    {
      kind: 'list',
      items: [
        'You have 30 days from the date of the letter to reply. Use the Reply Form enclosed.',
        'If you agree you owe the debt, say how you intend to pay it; if you want to pay by instalments, fill in the Financial Statement so that the creditor can see what you can afford.',
        'If you do not know whether you owe the debt, or you dispute it, say why, and ask for the documents or information you need. The creditor should not start court proceedings until 30 days after it has sent them to you.',
        'If you are getting debt advice, say so on the Reply Form and the creditor should give you reasonable time to get it.',
        'If you do not reply, the creditor may start court proceedings against you, and a court judgment against you may make it harder to get credit.',
      ],
    },
    { kind: 'paragraph', text: `Free, independent debt advice: ${advice.join('; ')}.` },
  ];
}

/** The Reply Form (Annex 1), blank, for a customer who replies by post. */
export function protocolReplyForm(f: { replyAddress: string; replyBy: string; reference: string }): Block[] {
  return [
    { kind: 'heading', text: PROTOCOL.replyForm },
    {
      kind: 'paragraph',
      text: `Please fill in this form and send it to ${f.replyAddress} by ${f.replyBy}, quoting reference ${f.reference}, or reply online in the Pre Claim area of your account.`,
    },
    { kind: 'heading', text: 'Section 1: Do you owe the debt?' },
    { kind: 'list', items: PROTOCOL.boxes.map(([l, w]) => box(l, w)) },
    {
      kind: 'paragraph',
      text: 'If you ticked Box B, how much do you think you owe? £ ..........  If you ticked Box B, C or D, please say why: ........................................',
    },
    { kind: 'heading', text: 'Section 2: Documents and information' },
    {
      kind: 'paragraph',
      text: '[  ]  I would like copies of documents or information. The documents or information I need are: ........................................',
    },
    { kind: 'heading', text: 'Section 3: Paying the debt' },
    {
      kind: 'list',
      items: [
        '[  ]  I will pay the debt in full by: ....................',
        `[  ]  I would like to pay by instalments of ${blank} a month. I enclose my Financial Statement.`,
      ],
    },
    { kind: 'heading', text: 'Section 4: Debt advice' },
    {
      kind: 'list',
      items: [
        '[  ]  I am getting debt advice from: ....................  and I would like more time to get it.',
        '[  ]  I would like to get debt advice but have not yet done so.',
      ],
    },
    { kind: 'heading', text: 'Section 5: Anything else' },
    {
      kind: 'paragraph',
      text: 'Is there anything else you would like us to know, for example about your health or circumstances? ........................................',
    },
    { kind: 'paragraph', text: 'Signed: ....................    Date: ....................' },
  ];
}

/** A Financial Statement to fill in, under the Standard Financial Statement's headings. */
export function protocolFinancialStatementForm(): Block[] {
  const rows = (labels: readonly string[]) => labels.map((l) => [l, blank]);
  return [
    { kind: 'heading', text: PROTOCOL.financialStatement },
    {
      kind: 'paragraph',
      text: 'Please fill in your household’s income and spending each month. You can also fill it in online in the Pre Claim area of your account.',
    },
    {
      kind: 'table',
      caption: 'Income (a month)',
      rowHeaders: true,
      rows: [...rows(PROTOCOL.income), ['Total income', blank]],
    },
    { kind: 'table', caption: 'Fixed costs (a month)', rowHeaders: true, rows: rows(PROTOCOL.fixedCosts) },
    {
      kind: 'table',
      caption: 'Flexible costs (a month)',
      rowHeaders: true,
      rows: rows(PROTOCOL.flexibleCosts),
    },
    { kind: 'table', caption: 'Savings (a month)', rowHeaders: true, rows: rows(PROTOCOL.savings) },
    {
      kind: 'table',
      caption: 'Totals (a month)',
      rowHeaders: true,
      rows: [
        ['Total spending', blank],
        ['Income less spending', blank],
        ['Number of people who depend on you', '..........'],
      ],
    },
  ];
}
