import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../unique-violation';
import { createCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { down, up } from './014-repeat-loans';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const card = (customerId: number, applicationId: number | null) => ({
  customer_id: customerId,
  application_id: applicationId,
  provider_token_sealed: 'sealed',
  provider_trx_id: 'trx-1',
  last4: '1111',
  exp_month: 12,
  exp_year: 2040,
  holder_name: 'Jane Doe',
  billing_is_home: 1,
  created_at: new Date().toISOString(),
});

describe('migration 014: repeat loans', () => {
  it('lets the card on file be stored again for a new application, and rolls back to one per transaction', async () => {
    const db = t.ctx.db as unknown as Kysely<any>;
    const c = await createCustomer(t.ctx.db);
    await db.insertInto('cards').values(card(c.id, null)).execute();
    // A second row of the same transaction (as the copy a repeat loan keeps) is allowed now.
    await db.insertInto('cards').values(card(c.id, null)).execute();

    await down(db);
    const left = await db.selectFrom('cards').select('id').where('customer_id', '=', c.id).execute();
    expect(left).toHaveLength(1);
    const again = await db
      .insertInto('cards')
      .values(card(c.id, null))
      .execute()
      .catch((err: unknown) => err);
    expect(isUniqueViolation(again)).toBe(true);
    expect((await db.introspection.getTables()).map((x) => x.name)).not.toContain('repeat_loan_requests');

    await up(db);
    expect((await db.introspection.getTables()).map((x) => x.name)).toContain('repeat_loan_requests');
  });
});
