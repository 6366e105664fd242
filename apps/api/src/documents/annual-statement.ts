import { BRAND, FREE_DEBT_ADVICE } from '@lender/contract/brand';
import { formatDisplayDate, type IsoDate } from '@lender/contract/dates';
import { formatPence, type Pence } from '@lender/contract/money';
import { formatRate, yearlyRate } from '@lender/contract/pricing/format';
import type { AgreementDocument, Block } from './blocks';

/**
 * Our statements in the s77A annual statement, each in one place so the tests compare the document with
 * them.
 *
 * CAUTION: these are OUR WORDS, not the Regulations'. Schedule 1 to the Consumer Credit (Information
 * Requirements and Duration of Licences and Charges) Regulations 2007 (SI 2007/1167) prescribes forms of
 * wording for these statements in its Parts 2 and 3, but their text could not be read (docs/decisions/
 * 073-annual-statement-s77a.md says what was read and from where: Part 1 only up to paragraph 3(e)(i)).
 * A person must read legislation.gov.uk/uksi/2007/1167/schedule/1 (latest version), put the prescribed
 * words here verbatim, in the Schedule's order and prominence, and change the test's list with them,
 * before this statement is relied on.
 */
export const ANNUAL_STATEMENT_WORDING = {
  given:
    'This is your annual statement, given under section 77A of the Consumer Credit Act 1974. It is free of charge.',
  howInterest:
    'Interest is simple interest at a fixed daily rate on the part of the loan you have not repaid (never on interest or fees). It is worked out and added to your account at the end of each day. The rate a year above is the daily rate times 365.',
  arrears:
    'You are behind with your repayments. Missing repayments could make it harder or more expensive for you to get credit, and we may take action to recover what you owe. If you are having difficulty, please contact us as soon as you can: we can agree a plan you can afford.',
  settlement:
    'You have the right to repay all or part of what you owe at any time. Interest is charged only for the days that pass, so repaying early costs less. Ask us for a settlement figure, or see it when you sign in to your account.',
  help: 'If you are worried about debt, you can get free, independent debt advice from:',
} as const;

/** One movement on the account, as the ledger holds it: what it added or took off and the balance after. */
export type StatementMovement = {
  /** What it is, for the period's totals: a payment by the customer, interest, a fee, or anything else. */
  kind: 'payment' | 'interest' | 'fee' | 'other';
  /** The day it was posted (for a run of daily interest, the last day of the run). */
  date: IsoDate;
  description: string;
  addedPence: Pence;
  takenOffPence: Pence;
  balancePence: Pence;
};

/** A rate of interest that applied during the period, from the day it applied. */
export type StatementRate = { from: IsoDate; dailyRate: number };

/** What the annual statement states: every figure from the ledger, dates in Europe/London. */
export type AnnualStatementFacts = {
  borrower: string;
  borrowerAddress: string;
  agreementNumber: number;
  /** The day the agreement was made (signed): the first period begins with it. */
  agreementDate: IsoDate;
  period: { start: IsoDate; end: IsoDate };
  givenOn: IsoDate;
  /** The amount of credit provided (one figure). */
  creditPence: Pence;
  rates: readonly StatementRate[];
  /** The day the agreement went into default, from which no interest is charged; null if not in default. */
  defaultedOn: IsoDate | null;
  /** The last repayment date of the agreement as made, and of the current payment plan. */
  signedLastDueDate: IsoDate;
  currentLastDueDate: IsoDate;
  openingBalancePence: Pence;
  closingBalancePence: Pence;
  movements: readonly StatementMovement[];
  /** At the end of the period: what was overdue, and the next repayment due after it. */
  arrearsPence: Pence;
  nextPayment: { dueDate: IsoDate; amountPence: Pence } | null;
};

const date = formatDisplayDate;
const money = (pence: Pence) => (pence === 0 ? '' : formatPence(pence));

const rateText = (r: StatementRate) =>
  `${formatRate(r.dailyRate * 100)} a day (${formatRate(yearlyRate(r.dailyRate) * 100)} a year), fixed`;

function ratesText(f: AnnualStatementFacts): string {
  const lines = f.rates.map((r, k) =>
    f.rates.length === 1 ? rateText(r) : `${k === 0 ? 'From' : 'from'} ${date(r.from)}: ${rateText(r)}`,
  );
  if (f.defaultedOn && f.defaultedOn <= f.period.end) {
    lines.push(`no interest after ${date(f.defaultedOn)}, the day the agreement went into default`);
  }
  return lines.join('; ');
}

/** Where the account stood at the end of the period, and what is to be paid next. */
function paymentsNow(f: AnnualStatementFacts): Block[] {
  const end = date(f.period.end);
  if (f.defaultedOn && f.defaultedOn <= f.period.end) {
    return [
      {
        kind: 'paragraph',
        text: `Your agreement has been in default since ${date(f.defaultedOn)}: the whole balance of ${formatPence(f.closingBalancePence)} was due on ${end}.`,
      },
      { kind: 'paragraph', important: true, text: ANNUAL_STATEMENT_WORDING.arrears },
    ];
  }
  const blocks: Block[] = [];
  if (f.arrearsPence > 0) {
    blocks.push(
      {
        kind: 'paragraph',
        text: `On ${end}, ${formatPence(f.arrearsPence)} of your repayments was overdue.`,
      },
      { kind: 'paragraph', important: true, text: ANNUAL_STATEMENT_WORDING.arrears },
    );
  }
  if (f.nextPayment) {
    blocks.push({
      kind: 'paragraph',
      text: `Your next repayment after ${end}: ${formatPence(f.nextPayment.amountPence)}, due on ${date(f.nextPayment.dueDate)}.`,
    });
  }
  return blocks;
}

/**
 * The annual statement for a fixed-sum loan (Consumer Credit Act 1974 s77A; SI 2007/1167 reg. 4 and
 * Schedule 1 Part 1): the period (para. 1); the lender's name, telephone number, postal address and other
 * address (para. 2); the agreement: a description, the amount of credit, the rates of interest with how
 * and when interest is worked out and added, the day it was made, its duration (para. 3(a)-(e)); then the
 * opening and closing balances, every movement of the period with its date (payments, interest, fees,
 * rebates), its totals, and where the account stood at the period's end.
 */
export function annualStatement(f: AnnualStatementFacts): AgreementDocument {
  const w = ANNUAL_STATEMENT_WORDING;
  const { start, end } = f.period;
  const total = (kind: StatementMovement['kind'], pick: (m: StatementMovement) => Pence) =>
    f.movements.filter((m) => m.kind === kind).reduce((s, m) => s + pick(m), 0);
  return {
    title: 'Annual statement',
    blocks: [
      { kind: 'paragraph', text: w.given },
      { kind: 'paragraph', text: `Date of this statement: ${date(f.givenOn)}` },
      { kind: 'heading', text: 'The period of this statement' },
      { kind: 'paragraph', text: `From ${date(start)} to ${date(end)}, both days included.` },
      { kind: 'heading', text: 'The lender' },
      {
        kind: 'table',
        rowHeaders: true,
        rows: [
          ['Name', `${BRAND.legalName}, trading as ${BRAND.name}`],
          ['Telephone', BRAND.supportPhone],
          ['Postal address', BRAND.registeredAddress],
          ['E-mail', BRAND.supportEmail],
        ],
      },
      { kind: 'heading', text: 'The agreement' },
      {
        kind: 'table',
        rowHeaders: true,
        rows: [
          [
            'Agreement',
            `Fixed-sum loan agreement number ${f.agreementNumber}, regulated by the Consumer Credit Act 1974`,
          ],
          ['Borrower', `${f.borrower}, ${f.borrowerAddress}`],
          ['Amount of credit', formatPence(f.creditPence)],
          ['Rate of interest in the period', ratesText(f)],
          ['Made on', date(f.agreementDate)],
          [
            'Duration',
            f.currentLastDueDate === f.signedLastDueDate
              ? `From ${date(f.agreementDate)} to ${date(f.signedLastDueDate)}, the last repayment date`
              : `From ${date(f.agreementDate)} to ${date(f.currentLastDueDate)}, the last repayment date of your current payment plan (as made, to ${date(f.signedLastDueDate)})`,
          ],
        ],
      },
      { kind: 'paragraph', text: w.howInterest },
      { kind: 'heading', text: 'Your account in the period' },
      {
        kind: 'table',
        rowHeaders: true,
        rows: [
          [`Opening balance on ${date(start)}`, formatPence(f.openingBalancePence)],
          [`Closing balance on ${date(end)}`, formatPence(f.closingBalancePence)],
        ],
      },
      f.movements.length > 0
        ? {
            kind: 'table',
            caption: `Movements on your account from ${date(start)} to ${date(end)}`,
            columns: ['Date', 'Movement', 'Added', 'Paid or taken off', 'Balance'],
            rows: f.movements.map((m) => [
              date(m.date),
              m.description,
              money(m.addedPence),
              money(m.takenOffPence),
              formatPence(m.balancePence),
            ]),
          }
        : { kind: 'paragraph', text: 'There was no movement on your account in the period.' },
      {
        kind: 'table',
        caption: 'Totals for the period',
        rowHeaders: true,
        rows: [
          ['Interest that became due', formatPence(total('interest', (m) => m.addedPence))],
          ['Fees and charges that became due', formatPence(total('fee', (m) => m.addedPence))],
          ['Paid by you', formatPence(total('payment', (m) => m.takenOffPence))],
        ],
      },
      { kind: 'heading', text: 'Your repayments now' },
      ...paymentsNow(f),
      { kind: 'heading', text: 'Repaying early' },
      { kind: 'paragraph', text: w.settlement },
      { kind: 'heading', text: 'Getting help' },
      {
        kind: 'paragraph',
        text: `Questions about this statement: call us on ${BRAND.supportPhone}, e-mail ${BRAND.supportEmail} or write to us at ${BRAND.registeredAddress}.`,
      },
      { kind: 'paragraph', text: w.help },
      { kind: 'list', items: FREE_DEBT_ADVICE.map((a) => `${a.name}: ${a.phone}, ${a.site}`) },
    ],
  };
}
