import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplicant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { down, up } from './003-one-name-per-concept';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const columns = ['period', 'quote_total_repayable_pence', 'quote_apr_percent'] as const;
const oldColumns = ['duration', 'quote_total_pence', 'quote_apr'] as const;

async function row(names: readonly string[]) {
  const { rows } = await sql<
    Record<string, unknown>
  >`select ${sql.join(names.map((n) => sql.ref(n)))} from applications`.execute(t.ctx.db);
  return rows[0];
}

describe('migration 003', () => {
  it('renames the columns back and forth keeping their values', async () => {
    await createApplicant(t.app, { duration: 4 });
    await t.ctx.db
      .updateTable('applications')
      .set({ quote_total_repayable_pence: 123, quote_apr_percent: 45.6 })
      .execute();
    expect(await row(columns)).toEqual({
      period: 4,
      quote_total_repayable_pence: 123,
      quote_apr_percent: 45.6,
    });

    await down(t.ctx.db);
    expect(await row(oldColumns)).toEqual({ duration: 4, quote_total_pence: 123, quote_apr: 45.6 });
    await expect(row(['period'])).rejects.toThrow();

    await up(t.ctx.db);
    expect(await row(columns)).toEqual({
      period: 4,
      quote_total_repayable_pence: 123,
      quote_apr_percent: 45.6,
    });
  });
});
