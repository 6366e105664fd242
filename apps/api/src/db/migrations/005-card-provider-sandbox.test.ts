import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { isUniqueViolation } from '../unique-violation';
import { down, up } from './005-card-provider-sandbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const sandboxTables = async (db: Kysely<any>) =>
  (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => name.startsWith('card_sandbox_'))
    .sort();

const transaction = (trxId: string, keyHash: string) => ({
  trx_id: trxId,
  key_hash: keyHash,
  merchant_id: 'm',
  behaviour: 'frictionless',
  last4: '1111',
  exp_month: 12,
  exp_year: 2030,
  holder: 'Jane Doe',
  created_at: '2026-11-01T10:00:00.000Z',
  expires_at: '2026-11-01T10:30:00.000Z',
});

const charge = (chargeId: string, merchantId: string, reference: string) => ({
  charge_id: chargeId,
  merchant_id: merchantId,
  reference,
  token_hash: 'h',
  amount_pence: 100,
  outcome: 'approved',
  z2: '0',
  z3: '',
  created_at: '2026-11-01T10:00:00.000Z',
});

describe('migration 005: the card-provider sandbox tables', () => {
  it('rolls back to no sandbox table and comes back empty, keeping its unique keys', async () => {
    const db = t.ctx.db as unknown as Kysely<any>;
    await db.insertInto('card_sandbox_transactions').values(transaction('t-1', 'k-1')).execute();
    expect(await sandboxTables(db)).toEqual(['card_sandbox_charges', 'card_sandbox_transactions']);

    await down(db);
    expect(await sandboxTables(db)).toEqual([]);
    // The lender's own tables are untouched.
    expect(await db.selectFrom('dictionary_entries').select('id').limit(1).execute()).toHaveLength(1);

    await up(db);
    expect(await db.selectFrom('card_sandbox_transactions').selectAll().execute()).toEqual([]);
    await db.insertInto('card_sandbox_transactions').values(transaction('t-2', 'k-2')).execute();
    await expect(
      db.insertInto('card_sandbox_transactions').values(transaction('t-3', 'k-2')).execute(),
    ).rejects.toSatisfy(isUniqueViolation);
    await db
      .insertInto('card_sandbox_charges')
      .values(charge('c-1', 'alpha', 'ref'))
      .execute();
    await db
      .insertInto('card_sandbox_charges')
      .values(charge('c-2', 'beta', 'ref'))
      .execute();
    await expect(
      db
        .insertInto('card_sandbox_charges')
        .values(charge('c-3', 'alpha', 'ref'))
        .execute(),
    ).rejects.toSatisfy(isUniqueViolation);
  });
});
