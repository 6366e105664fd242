import { addDays, isIsoDate, type IsoDate } from '@lender/contract/dates';
import { formatPence, type Pence } from '@lender/contract/money';
import { LIVE_LOAN_STATUSES } from '@lender/contract/status';
import type { AppContext } from '../../app-context';
import { staffActor } from '../../entities/audit/actor';
import { auditRepository } from '../../entities/audit/audit-repository';
import { positionOf } from '../../entities/loans/ledger';
import { loanRepository } from '../../entities/loans/loan-repository';
import { promiseRepository, type LoanPromise } from '../../entities/loans/promise-repository';
import { staffDone as done, staffRefused as refused, type StaffResult } from '../../lib/staff-result';
import type { Acting } from './bank-transfer-service';

/** How far ahead a promise may fall (docs/decisions/066-staff-collections-actions.md). */
export const PROMISE_MAX_DAYS = 30;

export type PromiseView = {
  promiseId: number;
  madeOn: string;
  dueDate: string;
  amountPence: Pence;
  madeBy: string;
  outcome: 'kept' | 'broken' | null;
  outcomeOn: string | null;
};

const viewOf = (p: LoanPromise): PromiseView => ({
  promiseId: p.id,
  madeOn: p.made_on,
  dueDate: p.due_on,
  amountPence: p.amount_pence,
  madeBy: p.made_by,
  outcome: p.outcome,
  outcomeOn: p.outcome_on,
});

/**
 * Promises to pay (issue 48 item 5), recorded by collections and agents; the close of business decides
 * each (features/close-of-business/promise-check.ts). A promise changes nothing else: collection, fees
 * and notices go on as the rules say (a promise is not a plan).
 */
export function promiseService(ctx: AppContext) {
  const promises = promiseRepository(ctx.db);
  const audit = auditRepository(ctx.db);
  return {
    async record(
      request: { loanId: number; amountPence: Pence; dueDate: string },
      by: Acting,
    ): Promise<StaffResult<PromiseView>> {
      const app = await ctx.db
        .selectFrom('applications')
        .select(['id', 'status_id'])
        .where('id', '=', request.loanId)
        .executeTakeFirst();
      const book = app && (await loanRepository(ctx.db).books([app.id])).get(app.id);
      if (!app || !book) return refused(`No loan ${request.loanId}.`, 'unknown');
      if (!book.loan.funded_on || book.loan.settled_on || !LIVE_LOAN_STATUSES.includes(app.status_id)) {
        return refused(`Loan ${request.loanId} is not being repaid: there is nothing to promise.`);
      }
      const today = ctx.businessDate.today();
      if (!isIsoDate(request.dueDate)) return refused(`Not a date: ${request.dueDate}. Use yyyy-mm-dd.`);
      const latest = addDays(today, PROMISE_MAX_DAYS);
      if (request.dueDate < today || request.dueDate > latest) {
        return refused(
          `A promise falls due from today (${today}) to ${latest}, at most ${PROMISE_MAX_DAYS} days on.`,
        );
      }
      const position = positionOf(book.terms, book.rows);
      if (request.amountPence > position.totalDuePence) {
        return refused(
          `${formatPence(request.amountPence)} is more than the loan's balance (${formatPence(position.totalDuePence)}).`,
        );
      }
      const actor = staffActor(by.staffId);
      const row = await ctx.db.transaction().execute(async (trx) => {
        const made = await promiseRepository(trx).insert({
          application_id: app.id,
          made_on: today,
          due_on: request.dueDate as IsoDate,
          amount_pence: request.amountPence,
          made_by: actor,
        });
        await auditRepository(trx).record({
          actor,
          action: 'promise-recorded',
          subject: { type: 'loan', id: String(app.id) },
          details: {
            address: by.address,
            before: null,
            after: { promiseId: made.id, dueDate: made.due_on, amountPence: made.amount_pence },
          },
        });
        return made;
      });
      return done(viewOf(row));
    },

    async list(loanId: number, by: Acting): Promise<StaffResult<PromiseView[]>> {
      const rows = await promises.of(loanId);
      await audit.record({
        actor: staffActor(by.staffId),
        action: 'promises-opened',
        subject: { type: 'loan', id: String(loanId) },
        details: { address: by.address },
      });
      return done(rows.map(viewOf));
    },
  };
}
