import { BRAND } from '@lender/contract/brand';
import { formatDisplayDate } from '@lender/contract/dates';
import { formatPence } from '@lender/contract/money';
import { customerEmail } from '../../lib/customer-email';

type Customer = { firstName: string; publicUrl: string };

const scheduleLink = (publicUrl: string) => ({
  text: 'See your schedule',
  href: new URL('/borrow/schedule', publicUrl).toString(),
});

/** What the ledger says after a payment: the figures the receipt names (issue 45, items 6 and 10). */
export type AfterPayment = {
  /** To clear the loan today. */
  balancePence: number;
  /** Overdue now, fees included. */
  overduePence: number;
  /** The next instalment not yet due, and what of it is left to pay. */
  next: { date: string; amountPence: number } | null;
};

/**
 * A receipt for a card payment: what was paid and when, then the loan as the ledger now stands, in the
 * words the borrow page uses; nothing said of the repayments that the payment may not have changed.
 */
export const paymentReceivedEmail = (c: Customer & { amountPence: number; onDate: string } & AfterPayment) =>
  customerEmail({
    subject: `We have received your payment of ${formatPence(c.amountPence)}`,
    firstName: c.firstName,
    paragraphs: [
      `Thank you: we received your card payment of ${formatPence(c.amountPence)} on ${formatDisplayDate(c.onDate)}.`,
      ...(c.balancePence > 0
        ? [
            `To clear your loan today: ${formatPence(c.balancePence)}. Interest is charged only on what you still owe.`,
            ...(c.overduePence > 0
              ? [
                  `Overdue now: ${formatPence(c.overduePence)}. Please pay it as soon as you can, or call us if you cannot.`,
                ]
              : []),
            c.next
              ? `Next payment: ${formatPence(c.next.amountPence)} on ${formatDisplayDate(c.next.date)}.`
              : 'There are no more payments on your plan after what is overdue.',
          ]
        : [`Your ${BRAND.name} loan is now repaid in full. Nothing more will be collected from your card.`]),
      scheduleLink(c.publicUrl),
    ],
  });

/** A new card replaces the one on file for the CPA: which card, and when it will next be charged. */
export const cardAddedEmail = (
  c: Customer & {
    last4: string;
    next: { date: string; amountPence: number } | null;
    cpaCancelled: boolean;
  },
) =>
  customerEmail({
    subject: `Your new card is now used for your ${BRAND.name} repayments`,
    firstName: c.firstName,
    paragraphs: [
      c.cpaCancelled
        ? `You added the debit card ending ${c.last4}.`
        : `You added the debit card ending ${c.last4}. We will collect your repayments from it from now on, as you agreed, and no longer from your old card.`,
      ...(c.cpaCancelled
        ? [
            'You have cancelled your continuous payment authority, so we will not take repayments from this card by ourselves. Please pay each repayment when it is due from your account, or by bank transfer; call us if you would like us to collect them again.',
          ]
        : [
            c.next
              ? `The next collection will be ${formatPence(c.next.amountPence)} on ${formatDisplayDate(c.next.date)}.`
              : 'There are no more repayments to collect.',
            'You can cancel this authority at any time by signing in or calling us; please then pay us another way.',
          ]),
      scheduleLink(c.publicUrl),
    ],
  });

/** A new repayment plan: every date and amount, as the CPA will collect them. */
export const newPlanEmail = (
  c: Customer & {
    plan: { lines: { date: string; paymentPence: number }[]; totalPence: number; kind: string };
    /** Issue 46 item 7: paid by bank transfer or a card payment the customer makes, not collected. */
    byOtherMeans?: boolean;
  },
) =>
  customerEmail({
    subject: `Your new ${BRAND.name} repayment plan`,
    firstName: c.firstName,
    paragraphs: [
      c.byOtherMeans
        ? `Your repayment plan has changed. We will not collect anything from a card: please pay ${c.plan.lines.length === 1 ? 'this payment' : 'these payments'} by bank transfer, with your loan number as the reference, or by card on our website, by each date:`
        : `Your repayment plan has changed. From now on we will collect ${c.plan.lines.length === 1 ? 'this payment' : 'these payments'} from your debit card under your continuous payment authority:`,
      ...c.plan.lines.map((l) => `${formatDisplayDate(l.date)}: ${formatPence(l.paymentPence)}`),
      `Total: ${formatPence(c.plan.totalPence)}. Your earlier payment dates no longer apply.`,
      ...(c.plan.kind === 'forbearance'
        ? ['While you keep to this plan we add no interest and no fees to your loan.']
        : []),
      scheduleLink(c.publicUrl),
    ],
  });
