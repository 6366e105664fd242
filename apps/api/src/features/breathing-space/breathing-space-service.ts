import { addDays, isIsoDate, type IsoDate } from '@lender/contract/dates';
import { formatPence } from '@lender/contract/money';
import { LIVE_LOAN_STATUSES } from '@lender/contract/status';
import type { AppContext } from '../../app-context';
import type { LoanBook, Posting } from '../../entities/loans/loan-repository';
import {
  BREATHING_SPACE_DAYS,
  lastDayOf,
  moratoriumOn,
  plannedLastDay,
  UNTIL_ENDED,
} from '../../entities/loans/moratorium';
import type { BreathingSpaceKind } from '../../entities/loans/loan-tables';
import { entityStore } from '../../entities/unit-of-work';
import type { Actor } from '../../entities/audit/actor';
import { staffDone as done, staffRefused as refused, type StaffResult } from '../../lib/staff-result';

export type BreathingSpaceStarted = {
  guid: string;
  /** 'mental-health-crisis': lasts until ended (`endsOn` is UNTIL_ENDED, `days` 0). */
  kind: BreathingSpaceKind;
  applicationId: number;
  startedOn: IsoDate;
  endsOn: IsoDate;
  days: number;
  /** Interest and fee postings since the start, taken back. */
  reversed: { count: number; pence: number; since: IsoDate };
  /** The remedy date of the default notice withdrawn, if there was one. */
  withdrawnNoticeRemedyBy: string | null;
  by: Actor;
};

export type BreathingSpaceEnded = {
  guid: string;
  lastDay: IsoDate;
  startedOn: IsoDate;
  /** The first day the close of business charges and collects again. */
  resumesOn: IsoDate;
  by: Actor;
};

/** Interest and fees posted on or after `from` and not reversed: a late-recorded moratorium takes them back. */
function chargesSince(book: LoanBook, from: IsoDate) {
  const reversed = new Set(book.rows.filter((r) => r.type === 'reversal').map((r) => r.reversesId));
  return book.rows.filter(
    (r) => (r.type === 'interest' || r.type === 'default-fee') && r.onDate >= from && !reversed.has(r.id),
  );
}

/**
 * Breathing Space (the Debt Respite Scheme, docs/decisions/026), as staff record it from the Insolvency
 * Service's notification: `start` protects the loan for 60 days (from the business date, or `from` when
 * the notice came late), `end` ends it early (the adviser cancelled it, or the debt was not in it). While
 * it lasts, the close of business adds no interest or fee, takes no CPA collection and sends no arrears
 * or default notice; it ends by itself after its 60th day. Each step is a decision on the application.
 */
export function breathingSpaceService(ctx: AppContext) {
  const store = entityStore(ctx);

  /** The application's loan being repaid, or why there is none to protect. */
  async function loanOf(guid: string) {
    const app = await ctx.db
      .selectFrom('applications')
      .select(['id', 'customer_id', 'status_id'])
      .where('guid', '=', guid)
      .executeTakeFirst();
    if (!app) return `There is no application ${guid}.`;
    const book = (await store.loans.books([app.id])).get(app.id);
    if (!book?.loan.funded_on || book.loan.settled_on || !LIVE_LOAN_STATUSES.includes(app.status_id)) {
      return `Application ${guid} has no loan being repaid, so there is no debt for a breathing space to protect.`;
    }
    return { app: { id: app.id, customerId: app.customer_id }, book };
  }

  return {
    async start(
      guid: string,
      from: string | undefined,
      actor: Actor,
      kind: BreathingSpaceKind = 'standard',
    ): Promise<StaffResult<BreathingSpaceStarted>> {
      const found = await loanOf(guid);
      if (typeof found === 'string') return refused(found);
      const { app, book } = found;
      const today = ctx.businessDate.today();
      const start = from ?? today;
      if (!isIsoDate(start)) return refused(`Not a date: ${start}. Use yyyy-mm-dd.`);
      if (start > today) return refused(`A breathing space cannot start after today (${today}).`);
      if (start < book.loan.funded_on!) {
        return refused(
          `The loan was paid out on ${book.loan.funded_on}: a breathing space cannot start before.`,
        );
      }
      const crisis = kind === 'mental-health-crisis';
      const lastDay = crisis ? UNTIL_ENDED : plannedLastDay(start);
      if (lastDay < today) {
        return refused(`A breathing space from ${start} would have ended on ${plannedLastDay(start)}.`);
      }
      const spaces = await store.breathingSpaces.of(app.id);
      const current = moratoriumOn(spaces, today) ?? moratoriumOn(spaces, start);
      if (current) {
        return refused(
          `Application ${guid} is already in a breathing space, from ${current.started_on} to ${lastDayOf(current)}.`,
        );
      }
      const charges = chargesSince(book, start);
      const chargedPence = charges.reduce((sum, r) => sum + r.amountPence, 0);
      const notice = book.loan.remedy_by;
      const space = await store.transaction(async ({ breathingSpaces, loans, applications }) => {
        const row = await breathingSpaces.start(
          {
            application_id: app.id,
            started_on: start,
            ends_on: lastDay,
            kind,
          },
          actor,
        );
        // Reg. 7: nothing charged for a day of the moratorium, even a day closed before we heard of it.
        await loans.post(
          charges.map<Posting>((r) => ({
            applicationId: app.id,
            type: 'reversal',
            amountPence: r.amountPence,
            onDate: today,
            reference: `breathing-space:${row.id}:${r.id}`,
            reversesId: r.id,
            actor,
          })),
        );
        // A default notice's remedy date must not lead to default in the moratorium; after it, a new
        // notice gives the customer the full time to pay again.
        if (notice) await loans.update(app.id, { default_notice_on: null, remedy_by: null });
        await applications.recordDecision({
          applicationId: app.id,
          customerId: app.customerId,
          kind: 'breathing-space-started',
          actor,
          reason:
            (crisis
              ? `Mental health crisis moratorium (Debt Respite Scheme) recorded by staff: from ${start} until ended`
              : `Breathing Space moratorium (Debt Respite Scheme) recorded by staff: ${start} to ${row.ends_on}`) +
            `; no interest, fees, CPA collections or arrears and default notices until then` +
            (chargedPence > 0 ? `; ${formatPence(chargedPence)} charged since ${start} reversed` : '') +
            (notice ? `; the default notice (remedy by ${notice}) withdrawn` : ''),
        });
        return row;
      });
      return done({
        guid,
        kind,
        applicationId: app.id,
        startedOn: space.started_on,
        endsOn: space.ends_on,
        days: crisis ? 0 : BREATHING_SPACE_DAYS,
        reversed: { count: charges.length, pence: chargedPence, since: start },
        withdrawnNoticeRemedyBy: notice ?? null,
        by: actor,
      });
    },

    async end(guid: string, actor: Actor): Promise<StaffResult<BreathingSpaceEnded>> {
      const found = await loanOf(guid);
      if (typeof found === 'string') return refused(found);
      const { app } = found;
      const today = ctx.businessDate.today();
      // One already ended by staff (its last day today) is not ended again.
      const open = (await store.breathingSpaces.of(app.id)).filter((m) => m.ended_on === null);
      const current = moratoriumOn(open, today);
      if (!current) return refused(`Application ${guid} is not in a breathing space today (${today}).`);
      await store.transaction(async ({ breathingSpaces, applications }) => {
        if (!(await breathingSpaces.end(current.id, today, actor))) return;
        await applications.recordDecision({
          applicationId: app.id,
          customerId: app.customerId,
          kind: 'breathing-space-ended',
          actor,
          reason:
            current.ends_on === UNTIL_ENDED
              ? `Mental health crisis moratorium ended by staff on ${today}`
              : `Breathing Space ended by staff on ${today}, before its 60th day (${current.ends_on})`,
        });
      });
      return done({
        guid,
        lastDay: today,
        startedOn: current.started_on,
        resumesOn: addDays(today, 1),
        by: actor,
      });
    },
  };
}

export type BreathingSpaceService = ReturnType<typeof breathingSpaceService>;
