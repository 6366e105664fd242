import { addDays, formatDisplayDate } from '@lender/contract/dates';
import type { AppContext } from '../../app-context';
import { annualStatement } from '../../documents/annual-statement';
import { renderStatementPdf } from '../../documents/render-pdf';
import { SYSTEM } from '../../entities/audit/actor';
import { documentRepository } from '../../entities/documents/document-repository';
import { positionOf } from '../../entities/loans/ledger';
import type { LoanBook } from '../../entities/loans/loan-repository';
import {
  periodMayHaveEndedBy,
  periodsEndedBy,
  type StatementPeriod,
} from '../../entities/loans/statement-periods';
import type { EntityStore } from '../../entities/unit-of-work';
import { nowIso } from '../../lib/clock';
import { documentStoreFor, trackedStore } from '../../lib/document-store';
import { annualStatementFacts } from './annual-statement-facts';
import type { PageOfDay } from './close-of-business-steps';
import { annualStatementEmail } from './servicing-emails';

/** The statement's reference: one per loan and period (documents.reference). */
const annualStatementReference = (applicationId: number, period: Pick<StatementPeriod, 'seq'>) =>
  `s77a:${applicationId}:${period.seq}`;

/**
 * The s77A annual statement on a closed day (issue 46 item 9, docs/decisions/073-annual-statement-s77a.md):
 * for each loan of the page still owing, every statement period ended before the day (the first
 * beginning with the day the agreement was made, statement-periods.ts) whose statement was not given yet
 * is given now, at the close of the first day after it ends (s77A(1E): within 30 days), dated the day
 * it is really given (the business date), as a PDF kept in the customer's
 * documents and an e-mail saying so. None once nothing is owed (s77A(4)), nor after a notice of withdrawal
 * (the agreement is treated as never having been made, s66A(7)). The row of `annual_statements`, the
 * document and the e-mail are written in one transaction, once per loan and period: a run killed
 * anywhere and started again gives each statement once.
 */
export function annualStatementStep(ctx: AppContext, store: EntityStore) {
  const { config } = ctx;

  async function give(book: LoanBook, period: StatementPeriod) {
    const { loan } = book;
    // The day it is really given: the business date now, not the day being closed. They differ when the
    // close of business catches up missed days; a statement given after its 30 days is then recorded as
    // late (s77A(6), `ops notices review`), never backdated into time.
    const date = ctx.businessDate.today();
    const c = await ctx.db
      .selectFrom('customers')
      .select(['email', 'first_name', 'last_name', 'address_str'])
      .where('id', '=', loan.customer_id)
      .executeTakeFirstOrThrow();
    const facts = annualStatementFacts(
      book,
      period,
      { name: `${c.first_name} ${c.last_name}`, address: c.address_str ?? '' },
      date,
    );
    const pdf = await renderStatementPdf(annualStatement(facts), {
      headerRight: `Annual statement, agreement ${loan.application_id}`,
      subject: 'Annual statement (Consumer Credit Act 1974, section 77A)',
      madeAt: new Date(),
    });
    const files = trackedStore(documentStoreFor(config));
    try {
      await store.transaction(async ({ outbox }, trx) => {
        const given = await trx
          .insertInto('annual_statements')
          .values({
            application_id: loan.application_id,
            period_seq: period.seq,
            period_start: period.start,
            period_end: period.end,
            given_on: date,
            document_id: null,
            actor: SYSTEM.closeOfBusiness,
            created_at: nowIso(),
          })
          .onConflict((oc) => oc.columns(['application_id', 'period_seq']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!given) return;
        const documentId = await documentRepository(trx).storeLetter(
          files.store,
          {
            customerId: loan.customer_id,
            applicationId: loan.application_id,
            title: `Annual statement, ${formatDisplayDate(period.start)} to ${formatDisplayDate(period.end)}`,
            reference: annualStatementReference(loan.application_id, period),
            on: date,
          },
          pdf,
        );
        await trx
          .updateTable('annual_statements')
          .set({ document_id: documentId })
          .where('id', '=', given.id)
          .execute();
        await outbox.enqueue({
          channel: 'email',
          to: c.email,
          ...annualStatementEmail({
            firstName: c.first_name,
            publicUrl: config.PUBLIC_URL,
            agreementNumber: loan.application_id,
            start: period.start,
            end: period.end,
            closingBalancePence: facts.closingBalancePence,
          }),
        });
      });
    } catch (err) {
      await files.forget();
      throw err;
    }
  }

  return async function giveAnnualStatements({ date, loans, books, holds }: PageOfDay) {
    // A period ended on or before yesterday is over by today's close.
    const ended = new Map<number, StatementPeriod[]>();
    for (const { id } of loans) {
      const book = books.get(id)!;
      if (!periodMayHaveEndedBy(book.loan.priced_on, addDays(date, -1)) || holds.get(id)?.withdrawal)
        continue;
      const periods = periodsEndedBy(book.loan.priced_on, addDays(date, -1));
      if (periods.length === 0) continue;
      if (positionOf(book.terms, book.rows, date).totalDuePence === 0) continue;
      ended.set(id, periods);
    }
    if (ended.size === 0) return;
    const given = await ctx.db
      .selectFrom('annual_statements')
      .select(['application_id', 'period_seq'])
      .where('application_id', 'in', [...ended.keys()])
      .execute();
    const done = new Set(given.map((g) => `${g.application_id}:${g.period_seq}`));
    for (const [id, periods] of ended) {
      for (const period of periods) {
        if (!done.has(`${id}:${period.seq}`)) await give(books.get(id)!, period);
      }
    }
  };
}
