import type { IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import type { Selectable } from 'kysely';
import type { DbExecutor } from '../../db/create-db';
import { nowIso } from '../../lib/clock';
import type { Actor } from '../audit/actor';
import type { LoanTransactionType } from './loan-tables';
import type { LoanPromiseTable } from './promise-tables';

export type LoanPromise = Selectable<LoanPromiseTable>;

/** Money the customer paid: what counts towards a promise. */
const PAYMENTS: readonly LoanTransactionType[] = ['instalment', 'card-payment', 'bank-transfer'];

/** Promises to pay and the close of business's check of them (issue 48 item 5). */
export function promiseRepository(db: DbExecutor) {
  return {
    insert: (row: {
      application_id: number;
      made_on: IsoDate;
      due_on: IsoDate;
      amount_pence: Pence;
      made_by: Actor;
    }) =>
      db
        .insertInto('loan_promises')
        .values({ ...row, outcome: null, outcome_on: null, created_at: nowIso() })
        .returningAll()
        .executeTakeFirstOrThrow(),

    of: (applicationId: number) =>
      db
        .selectFrom('loan_promises')
        .selectAll()
        .where('application_id', '=', applicationId)
        .orderBy('id')
        .execute(),

    /** Promises with no outcome yet made on or before `date`. */
    openOn: (date: IsoDate) =>
      db
        .selectFrom('loan_promises')
        .selectAll()
        .where('outcome', 'is', null)
        .where('made_on', '<=', date)
        .orderBy('id')
        .execute(),

    /**
     * What the customer paid on the loan from `from` through `through`, reversals taken out (a transfer's
     * re-run reverses and re-posts the collections of its days: the same money counts once).
     */
    async paidBetween(applicationId: number, from: IsoDate, through: IsoDate): Promise<Pence> {
      const rows = await db
        .selectFrom('loan_transactions')
        .select(['id', 'type', 'amount_pence', 'on_date', 'reverses_id'])
        .where('application_id', '=', applicationId)
        .execute();
      const reversed = new Set(rows.filter((r) => r.type === 'reversal').map((r) => r.reverses_id));
      return rows
        .filter(
          (r) =>
            PAYMENTS.includes(r.type) && !reversed.has(r.id) && r.on_date >= from && r.on_date <= through,
        )
        .reduce((sum, r) => sum + r.amount_pence, 0);
    },

    /** Records the outcome once: false when it has one already. */
    async decide(id: number, outcome: 'kept' | 'broken', on: IsoDate): Promise<boolean> {
      const result = await db
        .updateTable('loan_promises')
        .set({ outcome, outcome_on: on })
        .where('id', '=', id)
        .where('outcome', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
