import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { down, up } from './019-home-question-answers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const homeAnswers = (db: Kysely<any>, all = false) =>
  db
    .selectFrom('dictionary_entries')
    .select(['id', 'name'])
    .where('dictionary', '=', 'residentalStatus')
    .$if(!all, (q) => q.where('retired', '=', 0))
    .orderBy('sort_order')
    .execute();

describe('migration 019: the home answers people give', () => {
  it('retires the two tenancies for one rent answer, keeping every stored id meaning what it meant, and rolls back', async () => {
    const db = t.ctx.db as unknown as Kysely<any>;
    const council = await createCustomer(t.ctx.db, { residential_status_id: 4 });
    expect((await homeAnswers(db)).map((e) => e.id)).toEqual([1, 2, 7, 5, 6]);
    // The retired answers are still there, under their names, for the answers given with them.
    expect(await homeAnswers(db, true)).toEqual(
      expect.arrayContaining([
        { id: 3, name: 'Private tenant' },
        { id: 4, name: 'Council or housing association tenant' },
      ]),
    );
    const renter = await createCustomer(t.ctx.db, { residential_status_id: 7 });

    await down(db);
    // No column `retired` any more: every entry is offered again.
    expect(await homeAnswers(db, true)).toEqual([
      { id: 1, name: 'Homeowner with a mortgage' },
      { id: 2, name: 'Homeowner without a mortgage' },
      { id: 3, name: 'Private tenant' },
      { id: 4, name: 'Council or housing association tenant' },
      { id: 5, name: 'Living with parents or family' },
      { id: 6, name: 'Other' },
    ]);
    const statusOf = async (id: number) =>
      (
        await db
          .selectFrom('customers')
          .select('residential_status_id')
          .where('id', '=', id)
          .executeTakeFirst()
      )?.residential_status_id;
    expect(await statusOf(council.id)).toBe(4);
    expect(await statusOf(renter.id)).toBe(3);

    await up(db);
    expect((await homeAnswers(db)).map((e) => e.name)).toEqual([
      'Yes, I own it with a mortgage',
      'Yes, I own it outright',
      'No, I rent it',
      'No, I live with family',
      'No, something else',
    ]);
    expect(await statusOf(council.id)).toBe(4);
  });
});
