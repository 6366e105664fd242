import type { DbExecutor } from '../../db/create-db';
import { sha256 } from '../../lib/secrets';
import { isLive, oneTimeSecrets } from './one-time-secret';

export type EmailChangeRepository = ReturnType<typeof emailChangeRepository>;

/** email_changes: a new address waiting for its verification link; only the link's SHA-256 is kept. */
export const emailChangeRepository = (db: DbExecutor) => {
  const secrets = oneTimeSecrets(db, 'email_changes', { hash: 'token_hash', owner: 'customer_id' });
  return {
    insert: (c: { customerId: number; newEmail: string; token: string; ttlSeconds: number }) =>
      secrets.insert({ customer_id: c.customerId, new_email: c.newEmail }, sha256(c.token), c.ttlSeconds),

    /** Ends every unused change of a customer: only the newest request's link works. */
    retire: (customerId: number) => secrets.retire(customerId),

    async findLive(token: string) {
      const row = await secrets.findLive(sha256(token));
      return row && { id: row.id, customerId: row.customer_id, newEmail: row.new_email };
    },

    /** Claims the change for one use: false when another request used it first (or it has just expired). */
    claim: (id: number) => secrets.claim(id),

    /** The address of the customer's change still waiting for its link, or null. */
    async pendingFor(customerId: number): Promise<string | null> {
      const row = await db
        .selectFrom('email_changes')
        .select('new_email')
        .where('customer_id', '=', customerId)
        .where(isLive())
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.new_email ?? null;
    },
  };
};
