import { daysInMonth, type IsoDate } from '@lender/contract/dates';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../entities/audit/actor';
import { auditRepository } from '../../entities/audit/audit-repository';
import {
  accountFiguresOn,
  accountReferenceOf,
  BORROWER_COLUMNS,
  craAddressOf,
} from '../../entities/credit-reporting/account-figures';
import {
  creditReportingOutbox,
  type RejectedRecord,
  type Sent,
} from '../../entities/credit-reporting/credit-reporting-outbox';
import { loanEventsOf } from '../../entities/credit-reporting/loan-events';
import { loanRepository } from '../../entities/loans/loan-repository';
import type { CreditReferenceAgency, SubmitResult } from '../../lib/credit-reference/credit-reference-agency';
import { monthlyFile, type MonthlyAccount } from '../../lib/credit-reference/monthly-file';
import { staffDone as done, staffRefused as refused, type StaffResult } from '../../lib/staff-result';

export type MonthlySnapshot = {
  month: string;
  firstDay: IsoDate;
  lastDay: IsoDate;
  /** The file in the layout of docs/credit-reference-protocol.md. */
  file: string;
  accounts: MonthlyAccount[];
  balancePence: number;
  /** The agency's answer, when the file was sent. */
  submitted: SubmitResult | null;
};

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/**
 * Staff's side of sharing what we lend (issue 47): the month's snapshot of every account, the records the
 * agency refused, and sending what is pending now. Data only: `npm run ops -- cra ...` prints it.
 */
export function creditReportingStaff(ctx: AppContext) {
  const { db } = ctx;
  return {
    /**
     * Every account open at any time in `month` (yyyy-mm) or closed in it, as at the month's last day:
     * its balance from the ledger, its status and arrangement flag. Only a month whose last day the
     * close of business has closed (its interest is in the ledger then). Sent to `agency` when given.
     */
    async monthly(
      month: string,
      options: { agency?: CreditReferenceAgency; actor: Actor },
    ): Promise<StaffResult<MonthlySnapshot>> {
      const parts = MONTH.exec(month);
      if (!parts) return refused(`Not a month: ${month}. Use yyyy-mm, e.g. 2026-03.`, 'bad-month');
      const firstDay = `${month}-01`;
      const lastDay = `${month}-${String(daysInMonth(Number(parts[1]), Number(parts[2]))).padStart(2, '0')}`;
      const loans = await db
        .selectFrom('loans')
        .innerJoin('customers', 'customers.id', 'loans.customer_id')
        .select(['loans.application_id', ...BORROWER_COLUMNS])
        .where('loans.funded_on', 'is not', null)
        .where('loans.funded_on', '<=', lastDay)
        .where((eb) => eb.or([eb('loans.settled_on', 'is', null), eb('loans.settled_on', '>=', firstDay)]))
        .orderBy('loans.application_id')
        .execute();
      if (loans.length > 0) {
        const closed = await db
          .selectFrom('business_days')
          .select((eb) => eb.fn.max('business_date').as('last'))
          .executeTakeFirst();
        const last = (closed?.last as string | null | undefined) ?? null;
        if (!last || last < lastDay) {
          return refused(
            `The month ${month} is not closed yet: its last day ${lastDay} must be closed first ` +
              `(the last day closed is ${last ?? 'none'}).`,
            'month-open',
          );
        }
      }
      const books = await loanRepository(db).books(loans.map((l) => l.application_id));
      const accounts: MonthlyAccount[] = [];
      for (const l of loans) {
        const book = books.get(l.application_id);
        if (!book) continue;
        const f = accountFiguresOn(book, lastDay);
        accounts.push({
          accountReference: accountReferenceOf(l.application_id),
          openedOn: f.openedOn,
          originalAmountPence: f.originalAmountPence,
          balancePence: f.balancePence,
          monthlyPaymentPence: f.monthlyPaymentPence,
          status: f.status,
          arrangement: f.arrangement,
          defaultedOn: f.defaultedOn,
          closedOn: f.closedOn,
          surname: l.last_name,
          forename: l.first_name,
          birthDate: l.birth_date,
          addressLine1: craAddressOf(l).line1,
          town: l.town ?? '',
          postcode: l.post_code,
        });
      }
      const file = monthlyFile(month, ctx.businessDate.today(), accounts);
      const submitted = options.agency ? await options.agency.submitMonthly(month, file) : null;
      if (submitted) {
        await auditRepository(db).record({
          actor: options.actor,
          action: 'cra-monthly-sent',
          details: {
            month,
            accounts: accounts.length,
            outcome: submitted.outcome,
            ...(submitted.outcome === 'receipt'
              ? { receiptId: submitted.receiptId, rejected: submitted.rejected.length }
              : { reason: submitted.reason }),
          },
        });
      }
      const balancePence = accounts.reduce((sum, a) => sum + a.balancePence, 0);
      return done({ month, firstDay, lastDay, file, accounts, balancePence, submitted });
    },

    /** The loan events the agency refused, newest first, with its reasons. */
    async rejections(): Promise<StaffResult<RejectedRecord[]>> {
      return done(await creditReportingOutbox(db).rejections());
    },

    /**
     * A rejected loan event made again from the records as they are now (once staff corrected what the
     * agency refused: a name, a date of birth) and sent at once. The event stays the same event (its id).
     */
    async resend(eventId: string, agency: CreditReferenceAgency, actor: Actor): Promise<StaffResult<Sent>> {
      const outbox = creditReportingOutbox(db);
      const row = await outbox.find(eventId);
      if (!row) return refused(`No loan event ${eventId} was shared.`, 'unknown-event');
      if (row.state !== 'rejected') {
        return refused(`${eventId} was not rejected (it is ${row.state}).`, 'not-rejected');
      }
      const fresh = (await loanEventsOf(db, row.occurred_on)).find((r) => r.eventId === eventId);
      if (!fresh) {
        return refused(`${eventId} is no longer an event of ${row.occurred_on} in the ledger.`, 'gone');
      }
      const { applicationId, ...record } = fresh;
      await outbox.requeue(eventId, record);
      const { guid } = await db
        .selectFrom('applications')
        .select('guid')
        .where('id', '=', applicationId)
        .executeTakeFirstOrThrow();
      await auditRepository(db).record({
        actor,
        action: 'cra-record-resent',
        subject: { type: 'application', id: guid },
        details: { eventId, rejectedFor: row.rejection_reason },
      });
      return done(await outbox.sendPending(agency));
    },

    /** Sends the pending loan events now (those an unavailable agency left), as the close of business does. */
    async send(agency: CreditReferenceAgency, actor: Actor): Promise<StaffResult<Sent>> {
      const sent = await creditReportingOutbox(db).sendPending(agency);
      await auditRepository(db).record({ actor, action: 'cra-records-sent', details: { ...sent } });
      return done(sent);
    },
  };
}
