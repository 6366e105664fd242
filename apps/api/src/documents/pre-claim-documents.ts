import { BRAND, FREE_DEBT_ADVICE } from '@lender/contract/brand';
import {
  INCOME_KEYS,
  INCOME_LABELS,
  OUTGOING_KEYS,
  OUTGOING_LABELS,
  type FinancialStatement,
  type PreClaimReply,
} from '@lender/contract/calls/pre-claim';
import { formatDisplayDate, type IsoDate } from '@lender/contract/dates';
import { formatPence, poundsToPence, type Pence } from '@lender/contract/money';
import type { AgreementDocument, Block } from './blocks';
import {
  protocolFinancialStatementForm,
  protocolInformationSheet,
  protocolReplyForm,
} from './pre-action-protocol-pack';

/** One line of the statement of account: what was added to the balance or paid, and the balance after it. */
export type StatementLine = {
  date: IsoDate;
  description: string;
  addedPence: Pence;
  paidPence: Pence;
  balancePence: Pence;
};

/** What the Letter of Claim states, every figure from the ledger on the day it is issued. */
export type LetterFacts = {
  borrower: string;
  borrowerAddress: string;
  agreementNumber: number;
  agreementDate: IsoDate;
  amountBorrowedPence: Pence;
  issuedOn: IsoDate;
  replyBy: IsoDate;
  amountPence: Pence;
  interestContinues: boolean;
  dailyInterestPence: Pence;
  statement: readonly StatementLine[];
};

const lender = `${BRAND.legalName}, trading as ${BRAND.name}`;
/** Where the Reply Form goes (para 3.1(h)): online first, or by post or e-mail. */
export const REPLY_ADDRESS = `${BRAND.legalName}, Pre-claim team, ${BRAND.registeredAddress}`;
const { repaymentAccount: account } = BRAND;
const advice = FREE_DEBT_ADVICE.map((a) => `${a.name}: ${a.phone}, ${a.site}`);

export const statementTable = (lines: readonly StatementLine[]): Block => ({
  kind: 'table',
  caption: 'Statement of account',
  columns: ['Date', 'What happened', 'Added', 'Paid', 'Balance'],
  rows: lines.map((l) => [
    formatDisplayDate(l.date),
    l.description,
    l.addedPence ? formatPence(l.addedPence) : '',
    l.paidPence ? formatPence(l.paidPence) : '',
    formatPence(l.balancePence),
  ]),
});

/**
 * The Letter of Claim of the Pre-Action Protocol for Debt Claims (para 3.1): the amount, whether interest
 * or charges continue, the agreement's date and parties and that a copy may be asked for, how to pay and
 * where to, where the Reply Form goes, the 30 days to reply; with the statement of account, the
 * Information Sheet and the forms (Annex 1) in the same file.
 */
export function letterOfClaim(f: LetterFacts): AgreementDocument {
  const interest = f.interestContinues
    ? `Interest continues to be added at the rate in your agreement, about ${formatPence(f.dailyInterestPence)} a day, until the amount is paid. No other charges will be added.`
    : 'No further interest or charges are being added to this amount.';
  return {
    title: 'Letter of Claim',
    blocks: [
      // The address block of a letter for post (a window envelope shows the customer's): from, then to.
      ...addressBlock(f),
      { kind: 'paragraph', text: `Date of this letter: ${formatDisplayDate(f.issuedOn)}` },
      {
        kind: 'paragraph',
        important: true,
        text: `We are considering taking court action against you to recover ${formatPence(f.amountPence)} that you owe under your loan agreement ${f.agreementNumber}. Please read this letter and reply by ${formatDisplayDate(f.replyBy)}.`,
      },
      { kind: 'heading', text: 'The agreement' },
      {
        kind: 'table',
        rowHeaders: true,
        rows: [
          ['Agreement number', String(f.agreementNumber)],
          ['Date of the agreement', formatDisplayDate(f.agreementDate)],
          ['Lender', lender],
          ['Borrower', f.borrower],
          ['Amount borrowed', formatPence(f.amountBorrowedPence)],
          ['Amount owed on the date of this letter', formatPence(f.amountPence)],
        ],
      },
      {
        kind: 'paragraph',
        text: 'The agreement is a written agreement regulated by the Consumer Credit Act 1974. You can ask us for a copy of it, free of charge, and it is in the documents of your online account.',
      },
      { kind: 'paragraph', text: interest },
      statementTable(f.statement),
      { kind: 'heading', text: 'How to pay' },
      {
        kind: 'paragraph',
        text: `Sign in to your account and choose Make a payment, or pay by bank transfer to ${account.accountName}, sort code ${account.sortCode}, account number ${account.accountNumber}, with ${f.agreementNumber} as the reference. If you cannot pay the whole amount, tell us what you can afford on the Reply Form.`,
      },
      { kind: 'heading', text: 'What you need to do' },
      {
        kind: 'list',
        items: [
          'Read the Information Sheet below.',
          `Fill in the Reply Form and, if you can, the Financial Statement, and send them to us by ${formatDisplayDate(f.replyBy)}: online in the Pre Claim area of your account, or by post to ${REPLY_ADDRESS}, or by e-mail to ${BRAND.supportEmail}.`,
          'If you are getting debt advice, say so on the Reply Form: we will then wait at least 30 more days before taking any step.',
        ],
      },
      {
        kind: 'paragraph',
        important: true,
        text: `If you do not reply by ${formatDisplayDate(f.replyBy)}, we may start court proceedings against you without further notice. We would rather agree with you a way to repay that you can afford.`,
      },
      { kind: 'paragraph', text: `Questions: ${BRAND.supportPhone} or ${BRAND.supportEmail}.` },
      {
        kind: 'paragraph',
        text: 'Enclosed: the statement of account above, the Information Sheet, the Reply Form and a Financial Statement to fill in. You can also reply online in the Pre Claim area of your account; a copy of what you send is kept in your documents.',
      },
      ...informationSheet(),
      ...protocolReplyForm({
        replyAddress: REPLY_ADDRESS,
        replyBy: formatDisplayDate(f.replyBy),
        reference: String(f.agreementNumber),
      }),
      ...protocolFinancialStatementForm(),
    ],
  };
}

/** The Information Sheet (Annex 1 of the Protocol), with the free advice services named. */
export const informationSheet = (): Block[] => protocolInformationSheet(advice);

/** The lender's and the customer's postal addresses, a line each, as a letter for post begins. */
export function addressBlock(f: { borrower: string; borrowerAddress: string }): Block[] {
  const lines = (address: string) => address.split(/,\s*/).filter(Boolean);
  return [
    {
      kind: 'list',
      items: [`From: ${BRAND.legalName}, trading as ${BRAND.name}`, ...lines(BRAND.registeredAddress)],
    },
    { kind: 'list', items: [`To: ${f.borrower}`, ...lines(f.borrowerAddress)] },
  ];
}

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

/** The customer's Reply Form as they sent it: kept as a document, their own words included. */
export function replyFormDocument(
  f: { borrower: string; agreementNumber: number; letterDate: IsoDate; submittedOn: IsoDate },
  r: PreClaimReply,
  enclosed: readonly string[],
): AgreementDocument {
  const owes =
    r.owes === 'all'
      ? 'I agree I owe the amount.'
      : r.owes === 'part'
        ? `I agree I owe part of the amount: ${formatPence(poundsToPence(r.partAmount ?? 0))}.`
        : 'I do not agree I owe the amount.';
  const rows: string[][] = [
    ['Do you owe the amount?', owes],
    ...(r.disputeReason ? [['Why not (or not all of it)?', r.disputeReason]] : []),
    ['Would you like copies of documents?', yesNo(r.wantsDocuments)],
    ...(r.documentsWanted ? [['Which documents?', r.documentsWanted]] : []),
    ['Can you pay by instalments?', yesNo(r.proposesInstalments)],
    ...(r.instalmentAmount ? [['How much each month?', formatPence(poundsToPence(r.instalmentAmount))]] : []),
    ['Are you getting debt advice?', yesNo(r.seekingAdvice)],
    ...(r.adviserName ? [['Who from?', r.adviserName]] : []),
    ['Financial Statement sent', yesNo(!!r.financialStatement)],
  ];
  return {
    title: 'Reply Form',
    blocks: [
      {
        kind: 'paragraph',
        text: `Reply of ${f.borrower} to the Letter of Claim of ${formatDisplayDate(f.letterDate)} about loan agreement ${f.agreementNumber}, sent online on ${formatDisplayDate(f.submittedOn)}.`,
      },
      { kind: 'table', rowHeaders: true, rows },
      enclosed.length
        ? { kind: 'list', items: enclosed.map((e) => `Document sent: ${e}`) }
        : { kind: 'paragraph', text: 'No documents were uploaded with this reply.' },
    ],
  };
}

/** The customer's Financial Statement: income and outgoings a month, and what is left. */
export function financialStatementDocument(
  f: { borrower: string; agreementNumber: number; submittedOn: IsoDate },
  s: FinancialStatement,
): AgreementDocument {
  const pence = (pounds: number) => poundsToPence(pounds);
  const income = INCOME_KEYS.reduce((sum, k) => sum + pence(s.income[k]), 0);
  const outgoings = OUTGOING_KEYS.reduce((sum, k) => sum + pence(s.outgoings[k]), 0);
  return {
    title: 'Financial Statement',
    blocks: [
      {
        kind: 'paragraph',
        text: `Financial Statement of ${f.borrower} about loan agreement ${f.agreementNumber}, sent online on ${formatDisplayDate(f.submittedOn)}. Amounts are a month.`,
      },
      { kind: 'table', rowHeaders: true, rows: [['People who depend on me', String(s.dependants)]] },
      {
        kind: 'table',
        caption: 'Income',
        rowHeaders: true,
        rows: [
          ...INCOME_KEYS.map((k) => [INCOME_LABELS[k], formatPence(pence(s.income[k]))]),
          ['Total income', formatPence(income)],
        ],
      },
      {
        kind: 'table',
        caption: 'Outgoings',
        rowHeaders: true,
        rows: [
          ...OUTGOING_KEYS.map((k) => [OUTGOING_LABELS[k], formatPence(pence(s.outgoings[k]))]),
          ['Total outgoings', formatPence(outgoings)],
        ],
      },
      {
        kind: 'paragraph',
        important: true,
        text: `Income less outgoings: ${income - outgoings < 0 ? '-' : ''}${formatPence(Math.abs(income - outgoings))} a month.`,
      },
    ],
  };
}
