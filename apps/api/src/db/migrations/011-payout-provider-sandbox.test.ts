import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { isUniqueViolation } from '../unique-violation';
import { down, up } from './011-payout-provider-sandbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const sandboxTables = async (db: Kysely<any>) =>
  (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => name.startsWith('payout_sandbox_'));

const payment = (paymentId: string, idempotencyKey: string) => ({
  payment_id: paymentId,
  idempotency_key: idempotencyKey,
  request_hash: 'h',
  sort_code: '040004',
  account_hash: 'a',
  account_last4: '5678',
  amount_pence: 100,
  reference: 'LOAN 1',
  status: 'paid',
  reason: '',
  created_at: '2026-11-01T10:00:00.000Z',
});

describe('migration 011: the payout-provider sandbox table', () => {
  it('rolls back to no sandbox table and comes back empty, one payment per idempotency key', async () => {
    const db = t.ctx.db as unknown as Kysely<any>;
    await db.insertInto('payout_sandbox_payments').values(payment('p-1', 'k-1')).execute();
    expect(await sandboxTables(db)).toEqual(['payout_sandbox_payments']);

    await down(db);
    expect(await sandboxTables(db)).toEqual([]);
    // The lender's own tables are untouched.
    expect(await db.selectFrom('dictionary_entries').select('id').limit(1).execute()).toHaveLength(1);

    await up(db);
    expect(await db.selectFrom('payout_sandbox_payments').selectAll().execute()).toEqual([]);
    await db.insertInto('payout_sandbox_payments').values(payment('p-2', 'k-2')).execute();
    await expect(
      db.insertInto('payout_sandbox_payments').values(payment('p-3', 'k-2')).execute(),
    ).rejects.toSatisfy(isUniqueViolation);
    await expect(
      db.insertInto('payout_sandbox_payments').values(payment('p-2', 'k-3')).execute(),
    ).rejects.toSatisfy(isUniqueViolation);
  });
});
