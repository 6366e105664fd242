import { sql, type SqlBool } from 'kysely';
import type { DbExecutor } from '../../db/create-db';
import { sha256 } from '../../lib/secrets';
import { oneTimeSecrets } from './one-time-secret';

/** The purposes of the one-time links that set a password: stage1's first one, and forgot password's. */
export const PasswordLinkPurpose = { setPassword: 'set-password', resetPassword: 'reset-password' } as const;
export type PasswordLinkPurpose = (typeof PasswordLinkPurpose)[keyof typeof PasswordLinkPurpose];
const PURPOSES: PasswordLinkPurpose[] = Object.values(PasswordLinkPurpose);

export type PasswordLinkRepository = ReturnType<typeof passwordLinkRepository>;

/** one_time_tokens rows of the password links; only a token's SHA-256 is stored or looked up. */
export const passwordLinkRepository = (db: DbExecutor) => {
  const secrets = oneTimeSecrets(db, 'one_time_tokens', { hash: 'token_hash', owner: 'customer_id' });
  const ofPurposes = (purposes: PasswordLinkPurpose[]) => sql<SqlBool>`purpose in (${sql.join(purposes)})`;
  return {
    insert: (t: { customerId: number; purpose: PasswordLinkPurpose; token: string; ttlSeconds: number }) =>
      secrets.insert({ customer_id: t.customerId, purpose: t.purpose }, sha256(t.token), t.ttlSeconds),

    /** A password link that is still usable: known, of a password purpose, not used, not expired. */
    async findLive(token: string) {
      const row = await secrets.findLive(sha256(token), ofPurposes(PURPOSES));
      return row && { id: row.id, customerId: row.customer_id, purpose: row.purpose as PasswordLinkPurpose };
    },

    /** Claims the link for one use: false when another request used it first (or it has just expired). */
    claim: (id: number) => secrets.claim(id),

    /** Ends every unused password link of a customer, of the given purposes (a newer one, or a new password). */
    retire: (customerId: number, purposes: PasswordLinkPurpose[] = PURPOSES) =>
      secrets.retire(customerId, ofPurposes(purposes)),

    /** Reset links made for a customer since `since`, used or not: the per-address cap counts sends. */
    async countResetsSince(customerId: number, since: string): Promise<number> {
      const row = await db
        .selectFrom('one_time_tokens')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', '=', customerId)
        .where('purpose', '=', PasswordLinkPurpose.resetPassword)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
};
