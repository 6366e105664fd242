import { daysBetween, type IsoDate } from '@lender/contract/dates';
import type { AppContext } from '../../app-context';
import type { DbExecutor } from '../../db/create-db';
import type { Position } from '../../entities/loans/ledger';
import type { LoanBook } from '../../entities/loans/loan-repository';
import { s86bTrigger } from '../../entities/loans/servicing-rules';
import type { EntityStore } from '../../entities/unit-of-work';
import { nowIso } from '../../lib/clock';
import { defaultNoticeStep } from './default-notice-step';
import { arrearsNoticeEmail } from './servicing-emails';

/** Six months, at the shortest: a notice of sums in arrears is repeated within every such period. */
const S86B_REPEAT_DAYS = 180;

/** Records a notice once per reference; true when this call recorded it (so its message is sent once). */
export async function recordNotice(
  trx: DbExecutor,
  applicationId: number,
  kind: string,
  date: IsoDate,
  reference: string,
): Promise<boolean> {
  const inserted = await trx
    .insertInto('loan_notices')
    .values({ application_id: applicationId, kind, on_date: date, reference, created_at: nowIso() })
    .onConflict((oc) => oc.column('reference').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * What the Consumer Credit Act asks of a loan in arrears on a closed day (decision 023): the s86B notice
 * of sums in arrears, the s87 default notice and its remedy date, default once that passes unpaid, and
 * the pre-claim flag after a long default. Each notice and its e-mail are written together, once.
 */
export function loanNotices(ctx: AppContext, store: EntityStore) {
  const { config } = ctx;
  const defaultsFor = defaultNoticeStep(ctx, store);
  const customerOf = (customerId: number) =>
    ctx.db
      .selectFrom('customers')
      .select(['email', 'first_name'])
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();

  return async function noticesFor(
    book: LoanBook,
    statusId: number,
    date: IsoDate,
    now: Position,
    arrearsPence: number,
  ) {
    const { loan, terms } = book;
    const app = { id: loan.application_id, customerId: loan.customer_id };
    const guid = async () =>
      (
        await ctx.db
          .selectFrom('applications')
          .select('guid')
          .where('id', '=', app.id)
          .executeTakeFirstOrThrow()
      ).guid;

    const episode = s86bTrigger(terms, now, date);
    if (episode) {
      const [c, reference] = await Promise.all([customerOf(loan.customer_id), guid()]);
      await store.transaction(async ({ outbox }, trx) => {
        // s86B(2): again at most six months after the last, for as long as the trigger holds.
        const round = Math.floor(daysBetween(episode, date) / S86B_REPEAT_DAYS);
        if (!(await recordNotice(trx, app.id, 's86b', date, `s86b:${app.id}:${episode}:${round}`))) return;
        await outbox.enqueue({
          channel: 'email',
          to: c.email,
          ...arrearsNoticeEmail({
            firstName: c.first_name,
            publicUrl: config.PUBLIC_URL,
            reference,
            arrearsPence,
            totalDuePence: now.totalDuePence,
            today: date,
          }),
        });
      });
    }

    await defaultsFor(book, statusId, date, now, arrearsPence);
  };
}
