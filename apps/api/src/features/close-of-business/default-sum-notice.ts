import type { IsoDate } from '@lender/contract/dates';
import type { AppContext } from '../../app-context';
import { positionOf } from '../../entities/loans/ledger';
import { addToBook, type LoanBook, type Posting } from '../../entities/loans/loan-repository';
import { oldestUnpaidDueDate } from '../../entities/loans/servicing-rules';
import type { EntityStore } from '../../entities/unit-of-work';
import { recordNotice } from './record-notice';
import { defaultSumNoticeEmail } from './servicing-emails';

/**
 * Charges a default fee and gives its s86E notice of default sums in one transaction: the fee is never
 * on the account without the notice that tells the customer of it (a crash between them would leave a
 * fee the Act makes unenforceable until notice is given, s86E(4)).
 */
export function defaultFeeCharger(ctx: AppContext, store: EntityStore) {
  return async function chargeDefaultFee(book: LoanBook, feePence: number, date: IsoDate) {
    const { loan, terms } = book;
    const posting: Posting = {
      applicationId: loan.application_id,
      type: 'default-fee',
      amountPence: feePence,
      onDate: date,
      reference: `default-fee:${loan.application_id}`,
    };
    // The missed repayment the fee is for, read before the fee joins the book.
    const missedDueDate = oldestUnpaidDueDate(terms, positionOf(terms, book.rows, date), date) ?? date;
    const c = await ctx.db
      .selectFrom('customers')
      .innerJoin('applications', 'applications.customer_id', 'customers.id')
      .select(['customers.email', 'customers.first_name', 'applications.guid'])
      .where('applications.id', '=', loan.application_id)
      .executeTakeFirstOrThrow();
    await store.transaction(async ({ loans, outbox }, trx) => {
      await loans.post([posting]);
      if (!(await recordNotice(trx, loan.application_id, 's86e', date, `s86e:${posting.reference}`))) return;
      addToBook(book, posting);
      await outbox.enqueue({
        channel: 'email',
        to: c.email,
        ...defaultSumNoticeEmail({
          firstName: c.first_name,
          publicUrl: ctx.config.PUBLIC_URL,
          reference: c.guid,
          feePence,
          missedDueDate,
          today: date,
          totalDuePence: positionOf(terms, book.rows, date).totalDuePence,
        }),
      });
    });
  };
}
