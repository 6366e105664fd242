import type { Selectable } from 'kysely';
import type { DbExecutor } from '../../db/create-db';
import type { PayoutTable } from './payout-tables';
import { nowIso } from '../../lib/clock';

export type Payout = Selectable<PayoutTable>;

/** Payouts: each stored with its idempotency key before the provider hears of it. */
export function payoutRepository(db: DbExecutor) {
  return {
    /** A new payout of an approved loan; the n-th for the application has key `payout-<id>-<n>`. */
    async create(applicationId: number, amountPence: number): Promise<void> {
      const count = await db
        .selectFrom('payouts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('application_id', '=', applicationId)
        .executeTakeFirstOrThrow();
      const now = nowIso();
      await db
        .insertInto('payouts')
        .values({
          application_id: applicationId,
          idempotency_key: `payout-${applicationId}-${Number(count.n) + 1}`,
          amount_pence: amountPence,
          state: 'sending',
          payment_id: null,
          attempts: 0,
          last_error: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    },

    latest: (applicationId: number) =>
      db
        .selectFrom('payouts')
        .selectAll()
        .where('application_id', '=', applicationId)
        .orderBy('id', 'desc')
        .executeTakeFirst(),

    /** Payouts still waiting: never sent, the provider unreachable, or pending at the bank. */
    open: () =>
      db
        .selectFrom('payouts')
        .selectAll()
        .where('state', 'in', ['sending', 'unavailable', 'pending'])
        .orderBy('id')
        .execute(),

    async record(
      id: number,
      change: Partial<Pick<Payout, 'state' | 'payment_id' | 'last_error'>>,
      tried = false,
    ) {
      await db
        .updateTable('payouts')
        .set((eb) => ({
          ...change,
          updated_at: nowIso(),
          ...(tried ? { attempts: eb('attempts', '+', 1) } : {}),
        }))
        .where('id', '=', id)
        .execute();
    },
  };
}

export type PayoutRepository = ReturnType<typeof payoutRepository>;
