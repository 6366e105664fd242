import { daysBetween, type IsoDate } from '@lender/contract/dates';
import { AppStatus } from '@lender/contract/status';
import type { AppContext } from '../../app-context';
import type { DbExecutor } from '../../db/create-db';
import { ApplicationStep } from '../../entities/applications/application-steps';
import { transition } from '../../entities/applications/transition';
import type { Position } from '../../entities/loans/ledger';
import type { LoanBook } from '../../entities/loans/loan-repository';
import { defaultNoticeDue } from '../../entities/loans/servicing-rules';
import type { EntityStore } from '../../entities/unit-of-work';
import { issueLetterOfClaim } from '../../entities/pre-claim/letters';
import { nowIso } from '../../lib/clock';
import { defaultNoticeEmail } from './servicing-emails';
import { arrearsNoticeStep } from './arrears-notice-step';
import { SYSTEM } from '../../entities/audit/actor';

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
  const arrearsNotice = arrearsNoticeStep(ctx, store);
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

    // s86B, s86D: the notice of sums in arrears and its repeats (arrears-notice-step.ts).
    await arrearsNotice(book, date, now, arrearsPence);

    if (statusId === AppStatus.defaulted) {
      if (loan.defaulted_on && daysBetween(loan.defaulted_on, date) >= config.LEGAL_AFTER_DAYS) {
        // Once per loan: after its first Letter of Claim the account is the staff's to flag or unflag
        // (`ops legal`), so a flag staff removed is not put back here the next day.
        const hadLetter = await ctx.db
          .selectFrom('pre_claim_letters')
          .select('id')
          .where('application_id', '=', loan.application_id)
          .executeTakeFirst();
        if (!hadLetter) {
          await ctx.db
            .updateTable('customers')
            .set({ is_legal: 1 })
            .where('id', '=', loan.customer_id)
            .execute();
          // The Letter of Claim comes with the flag (Pre-Action Protocol for Debt Claims); a day whose
          // letter could not be issued (a Breathing Space, a crash) tries again the next day.
          await issueLetterOfClaim(ctx, loan.application_id, SYSTEM.closeOfBusiness, { firstOnly: true });
        }
      }
      return;
    }
    if (loan.remedy_by && arrearsPence === 0) {
      // The notice's breach was remedied: it lapses, and a later one starts again.
      await store.loans.update(app.id, { default_notice_on: null, remedy_by: null });
    } else if (loan.remedy_by && date > loan.remedy_by) {
      await transition(
        store,
        app,
        ApplicationStep.default,
        {
          kind: 'defaulted',
          reason: `default notice not remedied by ${loan.remedy_by}`,
          actor: SYSTEM.closeOfBusiness,
        },
        ({ loans }) => loans.update(app.id, { defaulted_on: date }),
      );
    } else if (!loan.remedy_by) {
      const due = defaultNoticeDue(terms, now, date, {
        noticeAfterDays: config.DEFAULT_NOTICE_AFTER_DAYS,
        remedyDays: config.DEFAULT_REMEDY_DAYS,
      });
      if (!due) return;
      const [c, reference] = await Promise.all([customerOf(loan.customer_id), guid()]);
      await store.transaction(async ({ loans, outbox }, trx) => {
        if (!(await recordNotice(trx, app.id, 's87', date, `s87:${app.id}:${date}`))) return;
        await loans.update(app.id, { default_notice_on: date, remedy_by: due.remedyBy });
        await outbox.enqueue({
          channel: 'email',
          to: c.email,
          ...defaultNoticeEmail({
            firstName: c.first_name,
            publicUrl: config.PUBLIC_URL,
            reference,
            arrearsPence,
            remedyBy: due.remedyBy,
            today: date,
          }),
        });
      });
    }
  };
}
