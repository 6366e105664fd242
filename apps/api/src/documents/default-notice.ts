import { BRAND, FREE_DEBT_ADVICE } from '@lender/contract/brand';
import { addDays, formatDisplayDate, type IsoDate } from '@lender/contract/dates';
import { formatPence, type Pence } from '@lender/contract/money';
import type { AgreementDocument } from './blocks';

/**
 * The FCA's default information sheet (Consumer Credit Act s86A, s88(4A)): a copy goes with every default
 * notice. Not the arrears information sheet, which goes with a notice of sums in arrears (s86B). The address
 * is the FCA's page of consumer credit information sheets, which was read (decision notice-wording): the
 * sheet's own PDF address could not be checked, and a link that may be dead is worse than one a step away.
 */
export const FCA_DEFAULT_SHEET = {
  text: 'Default information sheet, Financial Conduct Authority',
  href: 'https://www.fca.org.uk/firms/information-sheets-consumer-credit',
};

/**
 * The statements of Schedule 2 to the Consumer Credit (Enforcement, Default and Termination Notices)
 * Regulations 1983 as amended by SI 2020/1248 (reg. 2(2)(c), which now ends 'and 9 to 13'), with the heading
 * 'Important', in the order the notice gives them. Only these are bold (reg. 2(5) as amended: more
 * prominence than any other lettering but headings, sub-headings and names, by bold print or underlining
 * only, never capitals); nothing else in the notice is bold. `served` is reg. 2(2)(a)'s statement: required,
 * but not one of the Schedule's, so it is not given their prominence.
 *
 * CAUTION: the text of Schedule 2 as amended could not be read (docs/decisions/
 * 067-default-notice-schedule-2.md says what was read and from where). Only `notRemedied` has a
 * source for its words: the pre-2020 prescribed statement as quoted by a law firm, which says the 2020 form
 * keeps it in lower case. The others are our reading. Paragraphs 9 ('ending the agreement') and 12
 * (interest after a judgment) are left out as not applying to a cash loan (also a reading). A person must
 * check each against legislation.gov.uk (uksi/1983/1561/schedule/2, latest version) before this notice is
 * relied on, and change it here.
 */
export const DEFAULT_NOTICE_STATEMENTS = {
  served: 'This notice is a default notice served under section 87(1) of the Consumer Credit Act 1974.',
  readCarefully: 'Important – You should read this carefully.',
  remedied:
    'If the action required by this notice is taken before the date shown, no further enforcement action will be taken in respect of the breach.',
  notRemedied:
    'If you do not take the action required by this notice before the date shown then the further action set out below may be taken against you.',
  difficulty:
    'If you have difficulty in paying any sum owing under the agreement or taking any other action required by this notice, you can apply to the court which may make an order allowing you more time.',
  help: 'If you are not sure what to do, you should get help as soon as possible. You can get free, independent debt advice from:',
  sheet:
    'A copy of the current default information sheet produced by the Financial Conduct Authority is enclosed with this notice. It explains what this notice means and where to get help.',
} as const;

/** Consumer Credit Act s88(2): the least number of days between the notice and its remedy date. */
export const S88_MINIMUM_DAYS = 14;

/** What the default notice states, every figure from the ledger on the day it is given. */
export type DefaultNoticeFacts = {
  borrower: string;
  borrowerAddress: string;
  agreementNumber: number;
  /** The day the agreement was made (signed). */
  agreementDate: IsoDate;
  givenOn: IsoDate;
  remedyBy: IsoDate;
  /** The arrears: the instalments due and not paid, each for what is left of it. */
  overdue: readonly { dueDate: IsoDate; unpaidPence: Pence }[];
  /** What remedies the breach: the instalments' arrears, never the default fee. */
  remedySumPence: Pence;
  /** A default fee charged and unpaid: owed, but not part of the remedy. */
  feeDuePence: Pence;
  /** What settles the agreement today, which we would demand if the breach is not remedied. */
  balancePence: Pence;
};

const lender = `${BRAND.legalName}, trading as ${BRAND.name}`;

/**
 * The default notice (Consumer Credit Act 1974 s87(1), s88; the 1983 Regulations, reg. 2(2) and Schedule
 * 2): the agreement, the parties and their postal addresses, the provision breached and the breach, what
 * remedies it and by when (s88(2): at least 14 days after service), what follows if it is not remedied,
 * the prescribed statements in their order, and the FCA's default information sheet (s88(4A)).
 */
export function defaultNotice(f: DefaultNoticeFacts): AgreementDocument {
  // s88(2): the date is not less than 14 days after service (the notice is given and e-mailed the same day).
  if (f.remedyBy < addDays(f.givenOn, S88_MINIMUM_DAYS)) {
    throw new Error(
      `A default notice's remedy date must be at least ${S88_MINIMUM_DAYS} days after it is given.`,
    );
  }
  const s = DEFAULT_NOTICE_STATEMENTS;
  const remedyBy = formatDisplayDate(f.remedyBy);
  return {
    title: 'Default notice',
    blocks: [
      { kind: 'paragraph', text: s.served },
      { kind: 'paragraph', important: true, text: s.readCarefully },
      { kind: 'paragraph', text: `Date of this notice: ${formatDisplayDate(f.givenOn)}` },
      { kind: 'heading', text: 'The agreement' },
      {
        kind: 'paragraph',
        text: `Fixed-sum loan agreement number ${f.agreementNumber}, regulated by the Consumer Credit Act 1974, made on ${formatDisplayDate(f.agreementDate)}.`,
      },
      { kind: 'heading', text: 'The parties' },
      {
        kind: 'table',
        rowHeaders: true,
        rows: [
          ['Lender', `${lender}, ${BRAND.registeredAddress}`],
          ['Borrower', `${f.borrower}, ${f.borrowerAddress}`],
        ],
      },
      { kind: 'heading', text: 'The breach' },
      {
        kind: 'paragraph',
        text: 'The provision of the agreement breached: you agreed to repay the loan by the instalments of the repayment schedule, each on its date (section 1 of the agreement, "The credit": its repayments and repayment schedule).',
      },
      {
        kind: 'paragraph',
        text: `The nature of the breach: the instalments below were not paid in full on their due dates. ${formatPence(f.remedySumPence)} of them is unpaid.`,
      },
      {
        kind: 'table',
        caption: 'Instalments not paid',
        columns: ['Due date', 'Unpaid'],
        rows: f.overdue.map((i) => [formatDisplayDate(i.dueDate), formatPence(i.unpaidPence)]),
      },
      { kind: 'heading', text: 'What you must do to remedy the breach' },
      // Not bold: only the Schedule's statements may stand out (reg. 2(5)(a)).
      { kind: 'paragraph', text: `Pay ${formatPence(f.remedySumPence)} on or before ${remedyBy}.` },
      {
        kind: 'paragraph',
        text: `Payments you make from the date of this notice to ${remedyBy} count towards it, by card in your account or by bank transfer to ${BRAND.repaymentAccount.accountName}, sort code ${BRAND.repaymentAccount.sortCode}, account ${BRAND.repaymentAccount.accountNumber}, quoting ${f.agreementNumber}. The breach is remedied once they reach that sum, even if another instalment falls due before then.`,
      },
      ...(f.feeDuePence > 0
        ? [
            {
              kind: 'paragraph' as const,
              text: `A default fee of ${formatPence(f.feeDuePence)} has been charged to your account for the missed payment. It is owed, but it is not part of the sum above and you do not need to pay it to remedy the breach.`,
            },
          ]
        : []),
      { kind: 'paragraph', important: true, text: s.remedied },
      { kind: 'heading', text: 'What happens if you do not' },
      { kind: 'paragraph', important: true, text: s.notRemedied },
      {
        kind: 'list',
        items: [
          `From the day after ${remedyBy} we will treat the agreement as in default and may demand earlier payment of everything you owe under it: ${formatPence(f.balancePence)} on the date of this notice. No rebate applies: interest is charged day by day, only up to the day you pay.`,
          'We will stop adding interest and charges from the day of the default.',
          'We will report the default to credit reference agencies, which may make it harder or more expensive for you to borrow.',
          'We may then send you a Letter of Claim and, if the debt is still not paid or an arrangement agreed, take court action to recover it.',
        ],
      },
      { kind: 'heading', text: 'If you have difficulty paying' },
      { kind: 'paragraph', important: true, text: s.difficulty },
      {
        kind: 'paragraph',
        text: `Please call us on ${BRAND.supportPhone} or write to us at ${BRAND.registeredAddress}: we can agree a plan you can afford.`,
      },
      { kind: 'heading', text: 'Getting help' },
      { kind: 'paragraph', important: true, text: s.help },
      { kind: 'list', items: FREE_DEBT_ADVICE.map((a) => `${a.name}: ${a.phone}, ${a.site}`) },
      { kind: 'heading', text: 'Default information sheet' },
      { kind: 'paragraph', important: true, text: s.sheet },
      { kind: 'paragraph', text: `${FCA_DEFAULT_SHEET.text}: ${FCA_DEFAULT_SHEET.href}` },
    ],
  };
}
