import { BRAND } from '@lender/contract/brand';
import { formatDisplayDate, type IsoDate } from '@lender/contract/dates';
import { formatPence } from '@lender/contract/money';
import type { AgreementDocument } from '../../documents/blocks';
import { settlementOn } from '../../entities/loans/early-settlement';
import { instalmentStates, positionOf } from '../../entities/loans/ledger';
import { currentVersion, type LoanBook } from '../../entities/loans/loan-repository';

/** Payments the customer makes, not collected: each is a payment under s94 (in part, or in full). */
const OWN_PAYMENTS: ReadonlySet<string> = new Set(['card-payment', 'bank-transfer']);

/**
 * Each payment the customer made themselves, with what it paid (default fees, then interest, then
 * capital, as the ledger takes a payment) and what would have cleared the loan that day after it: the
 * effect of a part payment on the debt (s97A(1)). That last is the figure the payment's receipt named
 * 'To clear your loan today' (named-figures.ts), worked the same way: the ledger within the Early
 * Settlement Regulations' ceiling.
 */
function ownPayments(book: LoanBook): string[][] {
  const reversed = new Set(book.rows.filter((r) => r.type === 'reversal').map((r) => r.reversesId));
  return book.rows.flatMap((row, k) => {
    if (!OWN_PAYMENTS.has(row.type) || reversed.has(row.id)) return [];
    const through = book.rows.slice(0, k + 1);
    const before = positionOf(book.terms, book.rows.slice(0, k));
    const after = positionOf(book.terms, through);
    return [
      [
        formatDisplayDate(row.onDate),
        formatPence(row.amountPence),
        formatPence(before.feesDuePence - after.feesDuePence),
        formatPence(before.interestDuePence - after.interestDuePence),
        formatPence(before.principalPence - after.principalPence),
        formatPence(settlementOn(book.terms, through, row.onDate, after).settlementPence),
      ],
    ];
  });
}

/**
 * The statement of account a customer may ask for at any time (Consumer Credit Act 1974 s77B; decision
 * 053): a table of each instalment owing on the day of the request with its due date, its amount, the
 * conditions of paying it and how much of it is capital, interest and other charges (s77B(3)-(4)). Every
 * figure is the ledger's and the plan's. What is left of an instalment partly paid is capital first,
 * as payments go to fees, then interest, then capital.
 *
 * It is also the statement of a part payment's effect (s97A; decision 053): the payments the customer
 * made, each with what it paid and what was owed after, beside the instalments still owing, and that no
 * compensatory amount (s95A) is claimed. Asked for online, it is given at once, well within s97A(1)'s
 * seven working days.
 */
export function accountStatement(
  customer: { name: string; address: string },
  book: LoanBook,
  today: IsoDate,
): AgreementDocument {
  const position = positionOf(book.terms, book.rows);
  const version = currentVersion(book);
  const split = new Map(book.schedule.filter((s) => s.version === version).map((s) => [s.seq, s]));
  const owing = instalmentStates(book.terms, position).filter((i) => i.duePence > 0);
  const rows = owing.map((i) => {
    const capital = Math.min(split.get(i.seq)?.principalPence ?? i.duePence, i.duePence);
    return [
      formatDisplayDate(i.dueDate),
      formatPence(i.duePence),
      formatPence(capital),
      formatPence(i.duePence - capital),
      formatPence(0),
    ];
  });
  if (position.feesDuePence > 0) {
    // A default fee is owed now, apart from the instalments.
    const fee = formatPence(position.feesDuePence);
    rows.push([
      `${formatDisplayDate(today)} (default fee, due now)`,
      fee,
      formatPence(0),
      formatPence(0),
      fee,
    ]);
  }
  const { repaymentAccount: account } = BRAND;
  return {
    title: 'Statement of account',
    blocks: [
      {
        kind: 'paragraph',
        text: `Statement for ${customer.name}, ${customer.address}, of loan agreement ${book.loan.application_id} (fixed-sum loan of ${formatPence(book.loan.principal_pence)} paid out on ${formatDisplayDate(book.loan.funded_on ?? today)}), made on ${formatDisplayDate(today)} by ${BRAND.legalName}, ${BRAND.registeredAddress}.`,
      },
      rows.length > 0
        ? {
            kind: 'table',
            caption: `Each instalment owing on ${formatDisplayDate(today)}`,
            columns: ['Due date', 'Amount', 'Capital', 'Interest', 'Other charges'],
            rows,
          }
        : { kind: 'paragraph', text: 'Nothing is owing under the agreement on the date of this statement.' },
      ...partPayments(book),
      {
        kind: 'paragraph',
        text: `Conditions of payment, for every instalment: it is collected from your debit card on its due date under the continuous payment authority you gave, unless you have cancelled it or your card is not active; you may instead pay it by card when you sign in, or by bank transfer to ${account.accountName}, sort code ${account.sortCode}, account ${account.accountNumber}, with your loan number ${book.loan.application_id} as the reference. It counts as paid on the day the money reaches us.`,
      },
      {
        kind: 'paragraph',
        text: 'The interest rate of your agreement is fixed. The table changes only if you pay early or late, or if your payment plan changes. Interest is charged only for the days that pass: paying early costs less.',
      },
      {
        kind: 'paragraph',
        text: `This statement is given under sections 77B and 97A of the Consumer Credit Act 1974, free of charge. You may ask for one at any time. Questions: ${BRAND.supportPhone} or ${BRAND.supportEmail}.`,
      },
    ],
  };
}

/** The payments the customer made and what each did to the debt (s97A(2)), where there are any. */
function partPayments(book: LoanBook): AgreementDocument['blocks'] {
  const rows = ownPayments(book);
  if (rows.length === 0) return [];
  return [
    {
      kind: 'table',
      caption: 'Payments you made yourself, and what each paid',
      columns: [
        'Date',
        'Amount',
        'Default fees',
        'Interest',
        'Capital',
        'To clear your loan that day, after it',
      ],
      rows,
    },
    {
      kind: 'paragraph',
      text: 'Paying early costs you less: no interest is charged on capital from the day it is repaid, and the instalments still owing, above, are what is left after your payments, oldest first. No compensatory amount is claimed for paying early (section 95A of the Act).',
    },
  ];
}
