import type { DbExecutor } from '../../db/create-db';
import { nowIso, plusSeconds } from '../../lib/clock';
import { sha256 } from '../../lib/secrets';

export type OneTimeTokenRepository = ReturnType<typeof oneTimeTokenRepository>;

export const oneTimeTokenRepository = (db: DbExecutor) => ({
  /** Stores only the token's hash: whoever reads the table cannot use a link that is still live. */
  insert: (t: { customerId: number; purpose: string; token: string; ttlSeconds: number }) =>
    db
      .insertInto('one_time_tokens')
      .values({
        customer_id: t.customerId,
        purpose: t.purpose,
        token_hash: sha256(t.token),
        expires_at: plusSeconds(t.ttlSeconds),
        used_at: null,
        created_at: nowIso(),
      })
      .execute(),
});
