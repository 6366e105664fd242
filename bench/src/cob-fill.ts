import { addDays, type IsoDate } from '@lender/contract/dates';
import { AppStatus } from '@lender/contract/status';
import { sql } from 'kysely';
import type { Db, DbKind } from '../../apps/api/src/db/create-db';
import { interestFor, positionOf } from '../../apps/api/src/entities/loans/ledger';
import { loanRepository } from '../../apps/api/src/entities/loans/loan-repository';

const PAGE = 500;
const INSERT_ROWS = 4000;

/**
 * The accrual-only days between the measured ordinary day and the due day, written in bulk: each loan's
 * interest row per day, computed by the close of business's own rule (`interestFor` on the loan's position,
 * day after day, each day's interest folded into the position as `positionOf` folds an interest row),
 * written with the references and fields the close of business gives them, then the days marked closed. The database is
 * then as the close of business would have left it on those days (cob-fill.test.ts compares the two),
 * in a fraction of the time: closing 28 days of 100,000 loans one by one would take the bench's whole
 * time limit, and the due day is what is measured.
 *
 * Only for a book on which those days are accrual only: every loan active, nothing due, no attempt
 * pending, nothing overdue (the close of business's `needsService`); anything else is refused.
 */
export async function fillAccrualDays(
  db: Db,
  kind: DbKind,
  from: IsoDate,
  through: IsoDate,
): Promise<{ rows: number }> {
  if (through < from) return { rows: 0 };
  const days: IsoDate[] = [];
  for (let d = from; d <= through; d = addDays(d, 1)) days.push(d);
  const closed = await db
    .selectFrom('business_days')
    .select('business_date')
    .where('business_date', '>=', from)
    .where('business_date', '<=', through)
    .execute();
  if (closed.length > 0) throw new Error(`fillAccrualDays: ${closed[0]!.business_date} is closed already`);

  // Each loan's interest per day, computed page by page; written afterwards day by day, all loans of a
  // day before the next, so the rows lie in the tables (and their ids run) as the daily closes would
  // have left them: a loan's month of rows spread over the month, not side by side.
  const startedAt = new Date().toISOString();
  const ids: number[] = [];
  const amounts: number[][] = days.map(() => []);
  const repository = loanRepository(db);
  let after = 0;
  for (;;) {
    const page = await repository.livePage(through, after, PAGE);
    if (page.length === 0) break;
    after = page[page.length - 1]!.id;
    const books = await repository.books(page.map((p) => p.id));
    for (const { id, statusId } of page) {
      const book = books.get(id)!;
      if (statusId !== AppStatus.active) throw new Error(`fillAccrualDays: loan ${id} is not active`);
      if (book.attempts.some((a) => a.outcome === 'pending'))
        throw new Error(`fillAccrualDays: loan ${id} has a pending attempt`);
      if (book.loan.funded_on! >= from)
        throw new Error(`fillAccrualDays: loan ${id} is funded on or after ${from}`);
      if (book.terms.instalments.some((i) => i.dueDate <= through))
        throw new Error(`fillAccrualDays: loan ${id} has an instalment due by ${through}`);
      ids.push(id);
      // Day by day as the close would: its position before the first day, then each day's interest added
      // to it as positionOf would fold the row in (only interest rows are added on these days).
      let position = positionOf(book.terms, book.rows, from);
      days.forEach((date, d) => {
        const amountPence = interestFor(book.terms, position, date);
        amounts[d]!.push(amountPence);
        if (amountPence > 0) {
          position = {
            ...position,
            interestDuePence: position.interestDuePence + amountPence,
            interestChargedPence: position.interestChargedPence + amountPence,
            interestSincePence: position.interestSincePence + amountPence,
            totalDuePence: position.totalDuePence + amountPence,
          };
          book.rows.push({
            id: Number.MAX_SAFE_INTEGER - d,
            type: 'interest',
            amountPence,
            onDate: date,
            reversesId: null,
          });
        }
      });
      // The shortcut checked against the fold itself, for the first loan of every page.
      if (id === page[0]!.id) {
        const folded = positionOf(book.terms, book.rows, through);
        if (JSON.stringify(folded) !== JSON.stringify(position))
          throw new Error(`fillAccrualDays: loan ${id}'s position differs from the ledger's fold`);
      }
    }
  }

  // One transaction per day, all loans of the day.
  let rows = 0;
  const createdAt = new Date().toISOString();
  for (const [d, date] of days.entries()) {
    const day = ids.flatMap((id, k) => {
      const amount = amounts[d]![k]!;
      return amount > 0 ? [{ id, amount }] : [];
    });
    await db.transaction().execute(async (trx) => {
      if (kind === 'postgres') {
        // One statement a day from arrays: 28 x 100,000 rows as VALUES lists would take minutes.
        await sql`insert into loan_transactions
            (application_id, type, amount_pence, on_date, reference, created_at)
          select a, 'interest', p, ${date}, r, ${createdAt}
          from unnest(${day.map((x) => x.id)}::int[], ${day.map((x) => x.amount)}::int[],
                      ${day.map((x) => `interest:${x.id}:${date}`)}::text[]) as t(a, p, r)`.execute(trx);
        return;
      }
      // Statements of INSERT_ROWS rows, 7 parameters each: under SQLite's 32,766.
      for (let first = 0; first < day.length; first += INSERT_ROWS) {
        await trx
          .insertInto('loan_transactions')
          .values(
            day.slice(first, first + INSERT_ROWS).map((x) => ({
              application_id: x.id,
              type: 'interest' as const,
              amount_pence: x.amount,
              on_date: date,
              reverses_id: null,
              reference: `interest:${x.id}:${date}`,
              created_at: createdAt,
            })),
          )
          .execute();
      }
    });
    rows += day.length;
  }
  const loans = ids.length;
  await db
    .insertInto('business_days')
    .values(
      days.map((business_date) => ({
        business_date,
        loans_closed: loans,
        started_at: startedAt,
        closed_at: new Date().toISOString(),
      })),
    )
    .execute();
  return { rows };
}

/**
 * After a bulk write (the seeding, the fill), what a quiet hour between two closes would do anyway, done
 * now rather than in the middle of the next measurement: PostgreSQL's statistics of the grown tables
 * (autovacuum would analyse them on its own a little later) and a checkpoint; SQLite's write-ahead log
 * copied back into the file.
 */
export async function settleAfterBulkWrite(db: Db, kind: DbKind): Promise<void> {
  if (kind === 'postgres') {
    await sql`analyze`.execute(db);
    await sql`checkpoint`.execute(db);
  } else {
    await sql`pragma wal_checkpoint(truncate)`.execute(db);
  }
}

/** The decisions an application's transitions record on its way to a paid-out loan (transition.ts). */
export const JOURNEY_DECISIONS = [
  'quote-accepted',
  'card-accepted',
  'bank-details',
  'signed',
  'underwriting-approved',
  'funded',
] as const;

/**
 * What seedLoans leaves out and the borrow-area reads look at: the decisions a real application records
 * on its way to a loan (GetScheduleSummary reads the approval among them), one row of each kind per
 * seeded loan, dated when the loan was made. Without them the table the read searches is empty.
 */
export async function recordJourneyDecisions(db: Db): Promise<{ rows: number }> {
  let rows = 0;
  for (const kind of JOURNEY_DECISIONS) {
    const result = await db
      .insertInto('application_decisions')
      .columns(['application_id', 'customer_id', 'kind', 'reason', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('loans')
          .select([
            'loans.application_id',
            'loans.customer_id',
            sql.lit(kind).as('kind'),
            sql.lit('seeded by the bench').as('reason'),
            'loans.created_at',
          ]),
      )
      .executeTakeFirst();
    rows += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return { rows };
}
