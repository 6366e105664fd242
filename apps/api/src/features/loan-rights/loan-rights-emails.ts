import { BRAND } from '@lender/contract/brand';
import { formatDisplayDate } from '@lender/contract/dates';
import { formatPence } from '@lender/contract/money';
import { customerEmail, FREE_DEBT_ADVICE, type Paragraph } from '../../lib/customer-email';

type Customer = { firstName: string; publicUrl: string };

const link = (publicUrl: string, path: string, text: string) => ({
  text,
  href: new URL(path, publicUrl).toString(),
});

/** The schedule page's bank-transfer block (spec section 1), with the loan number as the reference. */
const bankTransfer = (reference: number): Paragraph[] => [
  `By bank transfer to ${BRAND.repaymentAccount.accountName}, ${BRAND.repaymentAccount.bankName}, ` +
    `sort code ${BRAND.repaymentAccount.sortCode}, account number ${BRAND.repaymentAccount.accountNumber}, ` +
    `with the reference ${reference} so that we know the payment is yours.`,
];

/** The customer cancelled the continuous payment authority: nothing more is taken, and how to pay instead. */
export const cpaCancelledEmail = (
  c: Customer & { loanNumber: number; next: { dueDate: string; amountPence: number } | null },
) =>
  customerEmail({
    subject: `You have cancelled your ${BRAND.name} continuous payment authority`,
    firstName: c.firstName,
    paragraphs: [
      'As you asked, we have cancelled the continuous payment authority on your loan. We will not take any payment from your card unless you make it yourself.',
      c.next
        ? `Your repayments are still due on the dates in your schedule. The next is ${formatPence(c.next.amountPence)} on ${formatDisplayDate(c.next.dueDate)}. Please pay each one yourself, in either of these ways:`
        : 'Please pay what you owe yourself, in either of these ways:',
      'By card, whenever you choose: sign in and use Make a payment on your repayment schedule.',
      link(c.publicUrl, '/borrow/schedule', 'Your repayment schedule'),
      ...bankTransfer(c.loanNumber),
      `A repayment not made on its date is overdue, as the agreement explains. If paying is difficult, please call us on ${BRAND.supportPhone}: we can agree a plan with you.`,
      ...FREE_DEBT_ADVICE,
    ],
  });

/** Consumer Credit Act s66A: the notice of withdrawal received, what to repay and by when. */
export const withdrawalNoticeEmail = (
  c: Customer & {
    loanNumber: number;
    noticeOn: string;
    amountPence: number;
    dailyInterestPence: number;
    repayBy: string;
    feeRemovedPence: number;
  },
) =>
  customerEmail({
    subject: `You have withdrawn from your ${BRAND.name} loan agreement ${c.loanNumber}`,
    firstName: c.firstName,
    paragraphs: [
      `We received your notice of withdrawal from your loan agreement on ${formatDisplayDate(c.noticeOn)}, under section 66A of the Consumer Credit Act 1974. You did not need to give a reason.`,
      { strong: `Please repay ${formatPence(c.amountPence)} by ${formatDisplayDate(c.repayBy)}.` },
      `That is the amount we lent you that is still owed, with interest at the rate of your agreement for each day you have had it. Interest is added for each day until you repay (${formatPence(c.dailyInterestPence)} a day now), so repaying sooner costs less. You pay nothing else: no fee or other charge.`,
      ...(c.feeRemovedPence > 0
        ? [`We have removed the default fee of ${formatPence(c.feeRemovedPence)} from your account.`]
        : []),
      'We have stopped collecting repayments from your card. You can repay in either of these ways:',
      'By card: sign in and use Make a payment, which shows the amount for the day you pay.',
      link(c.publicUrl, '/borrow/payment', 'Make a payment'),
      ...bankTransfer(c.loanNumber),
      `If you cannot repay by ${formatDisplayDate(c.repayBy)}, please call us on ${BRAND.supportPhone} before then: the amount stays owed and we will work with you on a way to repay it.`,
      ...FREE_DEBT_ADVICE,
    ],
  });

/** Issue 46 item 7: collections paused while the customer gets debt advice, and what happens after. */
export const debtAdvicePauseEmail = (
  c: Customer & { loanNumber: number; pauseUntil: string; next: { dueDate: string; amountPence: number } },
) =>
  customerEmail({
    subject: `We have paused your ${BRAND.name} payments while you get debt advice`,
    firstName: c.firstName,
    paragraphs: [
      `Thank you for telling us that you are getting debt advice. We have paused your loan ${c.loanNumber} until ${formatDisplayDate(c.pauseUntil)}: we will not take or ask for any payment until then, and we add no interest or fees while your plan is kept.`,
      `After the pause, your next payment is ${formatPence(c.next.amountPence)} on ${formatDisplayDate(c.next.dueDate)}. Your repayment schedule shows every payment. Nothing is collected from a card: please pay each one yourself, by card from Make a payment, or by bank transfer.`,
      link(c.publicUrl, '/borrow/schedule', 'Your repayment schedule'),
      ...bankTransfer(c.loanNumber),
      `Your debt adviser can contact us on ${BRAND.supportPhone} to agree a plan you can afford, or ask for a Breathing Space for you.`,
      ...FREE_DEBT_ADVICE,
    ],
  });
