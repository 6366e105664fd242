import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { insertMany, updateMany } from './many-rows';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const row = (n: number, prefix: string) => ({
  event_id: `${prefix}:${n}`,
  application_id: n,
  event: 'payment' as const,
  occurred_on: '2026-11-28',
  // Quotes, a backslash, a line break and non-ASCII: the JSON parameter must carry text exactly.
  record: `{"n":${n},"name":"O'Brien \\ Zoë"}\n`,
  last_error: n % 2 === 0 ? null : `error ${n}`,
  receipt_id: null,
  rejection_reason: null,
  created_at: '2026-11-28T23:00:00.000Z',
  sent_at: null,
});

const stored = (prefix: string) =>
  t.ctx.db
    .selectFrom('credit_reporting_outbox')
    .select(['event_id', 'application_id', 'record', 'last_error', 'state', 'attempts'])
    .where('event_id', 'like', `${prefix}:%`)
    .orderBy('application_id')
    .execute();

describe('insertMany', () => {
  it('stores every row of several statements exactly, with the columns the rows leave to their defaults', async () => {
    const rows = Array.from({ length: 1201 }, (_, k) => row(k + 1, 'all'));
    const { inserted } = await insertMany(t.ctx.db, 'credit_reporting_outbox', rows);
    expect(inserted).toBe(1201);
    const found = await stored('all');
    expect(found).toHaveLength(1201);
    expect(found[600]).toEqual({
      event_id: 'all:601',
      application_id: 601,
      record: `{"n":601,"name":"O'Brien \\ Zoë"}\n`,
      last_error: 'error 601',
      state: 'pending',
      attempts: 0,
    });
    expect(found[1199]!.last_error).toBeNull();
  });

  it('skips the rows already stored, counts and answers only those inserted, and leaves the others as they were', async () => {
    await insertMany(t.ctx.db, 'credit_reporting_outbox', [row(1, 'skip'), row(2, 'skip')]);
    const { inserted, rows } = await insertMany(
      t.ctx.db,
      'credit_reporting_outbox',
      [1, 2, 3].map((n) => ({ ...row(n, 'skip'), record: `again ${n}` })),
      { skipExisting: 'event_id', returning: ['id', 'event_id'] },
    );
    expect(inserted).toBe(1);
    expect(rows.map((r) => r.event_id)).toEqual(['skip:3']);
    expect(typeof rows[0]!.id).toBe('number');
    expect((await stored('skip')).map((r) => r.record)).toEqual([
      `{"n":1,"name":"O'Brien \\ Zoë"}\n`,
      `{"n":2,"name":"O'Brien \\ Zoë"}\n`,
      'again 3',
    ]);
  });

  it('refuses a second row with a unique value already stored when not told to skip it, inserting nothing of its statement', async () => {
    await insertMany(t.ctx.db, 'credit_reporting_outbox', [row(1, 'dup')]);
    await expect(
      insertMany(t.ctx.db, 'credit_reporting_outbox', [row(2, 'dup'), row(1, 'dup')]),
    ).rejects.toThrow();
    expect((await stored('dup')).map((r) => r.event_id)).toEqual(['dup:1']);
  });

  it("is part of the caller's transaction", async () => {
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await insertMany(trx, 'credit_reporting_outbox', [row(1, 'trx'), row(2, 'trx')]);
        expect(
          await trx
            .selectFrom('credit_reporting_outbox')
            .select('id')
            .where('event_id', '=', 'trx:2')
            .execute(),
        ).toHaveLength(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await stored('trx')).toEqual([]);
  });

  it('does nothing for no rows', async () => {
    expect(await insertMany(t.ctx.db, 'credit_reporting_outbox', [])).toEqual({ inserted: 0, rows: [] });
  });
});

describe('updateMany', () => {
  it('sets the named columns of each row found by its key, text and nulls exactly, and nothing else', async () => {
    const rows = Array.from({ length: 700 }, (_, k) => row(k + 1, 'upd'));
    await insertMany(t.ctx.db, 'credit_reporting_outbox', rows);
    await updateMany(t.ctx.db, 'credit_reporting_outbox', 'event_id', [
      ...rows.slice(0, 600).map((r) => ({
        event_id: r.event_id,
        state: 'sent' as const,
        last_error: null,
        receipt_id: `receipt "${r.application_id}" \\ é`,
      })),
      { event_id: 'upd:none', state: 'sent' as const, last_error: null, receipt_id: 'x' },
    ]);
    const found = await t.ctx.db
      .selectFrom('credit_reporting_outbox')
      .select(['event_id', 'state', 'last_error', 'receipt_id', 'record'])
      .where('event_id', 'like', 'upd:%')
      .orderBy('application_id')
      .execute();
    expect(found).toHaveLength(700);
    expect(found[0]).toEqual({
      event_id: 'upd:1',
      state: 'sent',
      last_error: null,
      receipt_id: 'receipt "1" \\ é',
      record: rows[0]!.record,
    });
    expect(found[599]!.state).toBe('sent');
    expect(found[600]).toEqual({
      event_id: 'upd:601',
      state: 'pending',
      last_error: 'error 601',
      receipt_id: null,
      record: rows[600]!.record,
    });
  });
});
