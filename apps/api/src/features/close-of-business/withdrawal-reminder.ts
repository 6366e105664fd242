import { BRAND } from '@lender/contract/brand';
import { formatDisplayDate, type IsoDate } from '@lender/contract/dates';
import { formatPence } from '@lender/contract/money';
import type { AppContext } from '../../app-context';
import type { Position } from '../../entities/loans/ledger';
import type { LoanBook } from '../../entities/loans/loan-repository';
import type { Withdrawal } from '../../entities/loans/withdrawal-repository';
import type { EntityStore } from '../../entities/unit-of-work';
import { customerEmail, FREE_DEBT_ADVICE } from '../../lib/customer-email';
import { recordNotice } from './record-notice';

/** The 30 days after a notice of withdrawal passed unpaid: the sum stays owed, with its interest. */
export const withdrawalOverdueEmail = (c: {
  firstName: string;
  publicUrl: string;
  noticeOn: string;
  repayBy: string;
  amountPence: number;
}) =>
  customerEmail({
    subject: `Please repay your withdrawn ${BRAND.name} loan`,
    firstName: c.firstName,
    paragraphs: [
      `You withdrew from your loan agreement on ${formatDisplayDate(c.noticeOn)}, and the amount to repay was due by ${formatDisplayDate(c.repayBy)}. We have not received it yet.`,
      `You now owe ${formatPence(c.amountPence)}: the amount we lent you that is still owed and interest at the rate of your agreement for each day until you repay. There is no fee or other charge.`,
      `Please repay it, or call us on ${BRAND.supportPhone} to agree how you will: we will work with you on a way to repay that you can afford.`,
      { text: 'Make a payment', href: new URL('/borrow/payment', c.publicUrl).toString() },
      ...FREE_DEBT_ADVICE,
    ],
  });

/**
 * Once the 30 days of s66A(9) have passed unpaid, the customer is reminded once of what is owed (the
 * agreement's arrears and default notices no longer apply: it is treated as never made, s66A(7)).
 */
export function withdrawalReminders(ctx: AppContext, store: EntityStore) {
  return async function remind(book: LoanBook, withdrawal: Withdrawal, date: IsoDate, now: Position) {
    if (date <= withdrawal.repay_by) return;
    const { loan } = book;
    await store.transaction(async ({ customers, outbox }, trx) => {
      const ref = `withdrawal-overdue:${loan.application_id}`;
      if (!(await recordNotice(trx, loan.application_id, 'withdrawal-overdue', date, ref))) return;
      const customer = await customers.findById(loan.customer_id);
      if (!customer) return;
      await outbox.enqueue({
        channel: 'email',
        to: customer.email,
        ...withdrawalOverdueEmail({
          firstName: customer.firstName,
          publicUrl: ctx.config.PUBLIC_URL,
          noticeOn: withdrawal.notice_on,
          repayBy: withdrawal.repay_by,
          amountPence: now.principalPence + now.interestDuePence,
        }),
      });
    });
  };
}
