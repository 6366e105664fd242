import { loanRepository } from '../../entities/loans/loan-repository';
import type { TestApp } from '../../test/test-app';

/** What the tests of the collections staff calls (`Loans/...`) share; each takes the test app. */

// Each test closes weeks of days one by one: on PostgreSQL, with other suites running, longer than 20 s.
export const DAYS_OF_CLOSING = 120_000;

export const post = (t: TestApp, url: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/staff/Loans/${url}`, headers: { cookie }, payload });

export type Row = {
  id: number;
  type: string;
  amount_pence: number;
  on_date: string;
  reverses_id: number | null;
};
export const ledgerOf = (t: TestApp, applicationId: number): Promise<Row[]> =>
  t.ctx.db
    .selectFrom('loan_transactions')
    .select(['id', 'type', 'amount_pence', 'on_date', 'reverses_id'])
    .where('application_id', '=', applicationId)
    .orderBy('id')
    .execute();
/** Rows that count: neither a reversal nor reversed. */
export const kept = (rows: Row[]) => {
  const reversed = new Set(rows.filter((r) => r.type === 'reversal').map((r) => r.reverses_id));
  return rows.filter((r) => r.type !== 'reversal' && !reversed.has(r.id));
};
export const bookOf = async (t: TestApp, id: number) => (await loanRepository(t.ctx.db).books([id])).get(id)!;
