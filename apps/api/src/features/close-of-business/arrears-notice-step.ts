import type { IsoDate } from '@lender/contract/dates';
import type { AppContext } from '../../app-context';
import {
  arrearsClearedBetween,
  arrearsNoticeDue,
  arrearsNoticeReference,
  lastArrearsNotice,
} from '../../entities/loans/arrears-notices';
import type { Position } from '../../entities/loans/ledger';
import type { LoanBook } from '../../entities/loans/loan-repository';
import { s86bTrigger } from '../../entities/loans/servicing-rules';
import type { EntityStore } from '../../entities/unit-of-work';
import { recordNotice } from './record-notice';
import { arrearsNoticeEmail } from './servicing-emails';

/**
 * The s86B notice of sums in arrears on a closed day: the first when the trigger is met, then one at
 * most every `S86B_REPEAT_DAYS` for as long as the customer stays in arrears, trigger or not
 * (entities/loans/arrears-notices.ts). Each notice and its e-mail are written together, once.
 */
export function arrearsNoticeStep(ctx: AppContext, store: EntityStore) {
  return async function arrearsNotice(book: LoanBook, date: IsoDate, now: Position, arrearsPence: number) {
    const { loan, terms } = book;
    const applicationId = loan.application_id;
    const triggered = s86bTrigger(terms, now, date) !== null;
    if (!triggered && arrearsPence === 0) return;
    const last = lastArrearsNotice(
      await ctx.db
        .selectFrom('loan_notices')
        .select(['on_date', 'reference'])
        .where('application_id', '=', applicationId)
        .where('kind', '=', 's86b')
        .orderBy('on_date', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst(),
    );
    if (!last && !triggered) return;
    const due = arrearsNoticeDue({
      date,
      triggered,
      arrearsPence,
      last,
      clearedSinceLast: last ? arrearsClearedBetween(terms, book.rows, last.onDate, date) !== null : false,
    });
    if (!due) return;
    const c = await ctx.db
      .selectFrom('customers')
      .innerJoin('applications', 'applications.customer_id', 'customers.id')
      .select(['customers.email', 'customers.first_name', 'applications.guid'])
      .where('applications.id', '=', applicationId)
      .executeTakeFirstOrThrow();
    await store.transaction(async ({ outbox }, trx) => {
      const reference = arrearsNoticeReference(applicationId, due);
      if (!(await recordNotice(trx, applicationId, 's86b', date, reference))) return;
      await outbox.enqueue({
        channel: 'email',
        to: c.email,
        ...arrearsNoticeEmail({
          firstName: c.first_name,
          publicUrl: ctx.config.PUBLIC_URL,
          reference: c.guid,
          arrearsPence,
          totalDuePence: now.totalDuePence,
          today: date,
        }),
      });
    });
  };
}
