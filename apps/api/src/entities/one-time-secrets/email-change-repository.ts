import type { DbExecutor } from '../../db/create-db';
import { sha256 } from '../../lib/secrets';
import { claimSecret, freshSecret, isLive, retireSecrets } from './one-time-secret';

export type EmailChangeRepository = ReturnType<typeof emailChangeRepository>;

/** email_changes: a new address waiting for its verification link; only the link's SHA-256 is kept. */
export const emailChangeRepository = (db: DbExecutor) => ({
  insert: (c: { customerId: number; newEmail: string; token: string; ttlSeconds: number }) =>
    db
      .insertInto('email_changes')
      .values({
        customer_id: c.customerId,
        new_email: c.newEmail,
        token_hash: sha256(c.token),
        ...freshSecret(c.ttlSeconds),
      })
      .execute(),

  /** Ends every unused change of a customer: only the newest request's link works. */
  retire: (customerId: number) => retireSecrets(db, 'email_changes', customerId),

  findLive: (token: string) =>
    db
      .selectFrom('email_changes')
      .select(['id', 'customer_id as customerId', 'new_email as newEmail'])
      .where('token_hash', '=', sha256(token))
      .where(isLive())
      .executeTakeFirst(),

  /** Claims the change for one use: false when another request used it first (or it has just expired). */
  claim: (id: number) => claimSecret(db, 'email_changes', id),

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
});
