import type { Selectable } from 'kysely';
import type { DbExecutor } from '../../db/create-db';
import type { LoanWithdrawalTable } from './loan-tables';
import { nowIso } from '../../lib/clock';
import { chunks } from './loan-repository';

export type Withdrawal = Selectable<LoanWithdrawalTable>;

/** Notices of withdrawal from loan agreements (Consumer Credit Act s66A, docs/decisions/026). */
export function withdrawalRepository(db: DbExecutor) {
  return {
    of: (applicationId: number): Promise<Withdrawal | undefined> =>
      db
        .selectFrom('loan_withdrawals')
        .selectAll()
        .where('application_id', '=', applicationId)
        .executeTakeFirst(),

    /** The notices among these loans, by loan (how the close of business reads a page). */
    async among(applicationIds: readonly number[]): Promise<Map<number, Withdrawal>> {
      const found = new Map<number, Withdrawal>();
      for (const ids of chunks(applicationIds, 500)) {
        if (ids.length === 0) continue;
        const rows = await db
          .selectFrom('loan_withdrawals')
          .selectAll()
          .where('application_id', 'in', ids)
          .execute();
        for (const r of rows) found.set(r.application_id, r);
      }
      return found;
    },

    /** Records the notice; false when the loan has one already (a double click: the first stands). */
    async insert(row: Omit<Withdrawal, 'created_at'>): Promise<boolean> {
      const inserted = await db
        .insertInto('loan_withdrawals')
        .values({ ...row, created_at: nowIso() })
        .onConflict((oc) => oc.column('application_id').doNothing())
        .returning('application_id')
        .executeTakeFirst();
      return inserted !== undefined;
    },
  };
}

export type WithdrawalRepository = ReturnType<typeof withdrawalRepository>;
