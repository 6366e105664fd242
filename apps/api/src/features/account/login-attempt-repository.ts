import type { DbExecutor } from '../../db/create-db';
import type { LoginAttemptTable } from './account-tables';
import { nowIso } from '../../lib/clock';

export type LoginAttemptRepository = ReturnType<typeof loginAttemptRepository>;
type Outcome = LoginAttemptTable['outcome'];

/** The attempts a login records: what the account lock counts and what staff read. */
export const loginAttemptRepository = (db: DbExecutor) => ({
  async recordAttempt(customerId: number | null, ipAddress: string, outcome: Outcome): Promise<number> {
    const row = await db
      .insertInto('login_attempts')
      .values({ customer_id: customerId, ip_address: ipAddress, outcome, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  },

  settleAttempt: (id: number, outcome: Outcome) =>
    db.updateTable('login_attempts').set({ outcome }).where('id', '=', id).execute(),

  /** When the customer's newest attempt of one of `outcomes` was made, if any. */
  async lastAt(customerId: number, outcomes: Outcome[]): Promise<string | null> {
    const row = await db
      .selectFrom('login_attempts')
      .select('created_at')
      .where('customer_id', '=', customerId)
      .where('outcome', 'in', outcomes)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.created_at ?? null;
  },

  /** Failed and still-running attempts after `since`: a running one counts, so racing guesses cannot pass the limit. */
  async countFailuresAfter(customerId: number, since: string): Promise<number> {
    const row = await db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customerId)
      .where('outcome', 'in', ['failure', 'pending'])
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
});
