import type { IsoDate } from '@lender/contract/dates';
import { AppStatus } from '@lender/contract/status';
import type { AppContext } from '../../app-context';
import { noticeRemedied } from '../../entities/loans/enforcement-rules';
import { loanRepository } from '../../entities/loans/loan-repository';
import { staffDone as done, type StaffResult } from '../../lib/staff-result';

/** A default the corrected remedy rule would not have made: the notice's sum was paid by its date. */
export type DefaultToReview = {
  guid: string;
  name: string;
  noticeOn: IsoDate;
  remedyBy: IsoDate;
  defaultedOn: IsoDate;
  sumPence: number;
  /** Whether the sum is the one the notice stated (kept since migration 028), else worked out from the ledger. */
  sumKept: boolean;
  paidPence: number;
};

/**
 * Issue 46 item 2: defaults made before the remedy was measured by the notice's sum (s89), which the
 * corrected rule would not have made. Listed for a person to review (`npm run ops -- defaults review`);
 * nothing is changed here: undoing a default (the status, the credit file, a letter) is their decision.
 */
export function defaultsReviewStaff(ctx: AppContext) {
  return {
    async review(): Promise<StaffResult<DefaultToReview[]>> {
      const defaulted = await ctx.db
        .selectFrom('loans')
        .innerJoin('applications', 'applications.id', 'loans.application_id')
        .innerJoin('customers', 'customers.id', 'loans.customer_id')
        .select([
          'loans.application_id',
          'loans.default_notice_on',
          'loans.remedy_by',
          'loans.remedy_sum_pence',
          'loans.defaulted_on',
          'applications.guid',
          'customers.first_name',
          'customers.last_name',
        ])
        .where('applications.status_id', '=', AppStatus.defaulted)
        .where('loans.defaulted_on', 'is not', null)
        .orderBy('loans.application_id')
        .execute();
      const books = await loanRepository(ctx.db).books(defaulted.map((d) => d.application_id));
      const review: DefaultToReview[] = [];
      for (const d of defaulted) {
        const book = books.get(d.application_id);
        if (!book || !d.default_notice_on || !d.remedy_by || !d.defaulted_on) continue;
        const notice = { noticeOn: d.default_notice_on, remedyBy: d.remedy_by, sumPence: d.remedy_sum_pence };
        const measured = noticeRemedied(book.terms, book.rows, notice, d.remedy_by);
        if (!measured.remedied) continue;
        review.push({
          guid: d.guid,
          name: `${d.first_name} ${d.last_name}`,
          noticeOn: d.default_notice_on,
          remedyBy: d.remedy_by,
          defaultedOn: d.defaulted_on,
          sumPence: measured.sumPence,
          sumKept: d.remedy_sum_pence !== null,
          paidPence: measured.paidPence,
        });
      }
      return done(review);
    },
  };
}
