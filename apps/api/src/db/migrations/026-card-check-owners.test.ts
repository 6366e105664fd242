import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { down, up } from './026-card-check-owners';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const card = (customerId: number, trxId: string, createdAt: string) => ({
  customer_id: customerId,
  application_id: null,
  provider_token_sealed: 'sealed',
  provider_trx_id: trxId,
  last4: '1111',
  exp_month: 12,
  exp_year: 2040,
  holder_name: 'Jane Doe',
  billing_is_home: 1,
  created_at: createdAt,
});

describe('migration 026: card check owners', () => {
  it('gives each transaction already used to the customer who used it first', async () => {
    const db = t.ctx.db as unknown as Kysely<any>;
    await down(db);
    const [a, b] = [await createCustomer(t.ctx.db), await createCustomer(t.ctx.db)];
    await db
      .insertInto('cards')
      .values(card(a.id, 'trx-m26-1', '2026-01-01T00:00:00.000Z'))
      .execute();
    // The report's case: B stored A's transaction after A did.
    await db
      .insertInto('cards')
      .values(card(b.id, 'trx-m26-1', '2026-01-02T00:00:00.000Z'))
      .execute();
    await db
      .insertInto('cards')
      .values(card(b.id, 'trx-m26-2', '2026-01-03T00:00:00.000Z'))
      .execute();

    await up(db);
    const owners = await db
      .selectFrom('card_checks')
      .select(['trx_id', 'customer_id', 'claimed_at'])
      .where('trx_id', 'like', 'trx-m26-%')
      .orderBy('trx_id')
      .execute();
    expect(owners).toEqual([
      { trx_id: 'trx-m26-1', customer_id: a.id, claimed_at: '2026-01-01T00:00:00.000Z' },
      { trx_id: 'trx-m26-2', customer_id: b.id, claimed_at: '2026-01-03T00:00:00.000Z' },
    ]);
  });
});
