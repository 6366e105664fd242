import { addDays, addMonths } from '@lender/contract/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { seedLoans } from './seed-loans';

describe('seedLoans (the bench’s and the crash test’s book of loans)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('makes loans the close of business collects from, once per due date', async () => {
    const fundedOn = t.ctx.businessDate.today();
    const ids = await seedLoans(t.ctx, { count: 30, fundedOn });
    expect(ids).toHaveLength(30);
    const due = addMonths(fundedOn, 1);
    await t.ctx.businessDate.set(addDays(due, 1));
    const days = await t.app.servicing.closeOfBusiness.closeThrough(due);
    expect(days.at(-1)).toMatchObject({ date: due, loans: 30, collected: 30, declined: 0 });
    const charges = await t.ctx.db
      .selectFrom('card_sandbox_charges' as never)
      .selectAll()
      .execute();
    expect(charges).toHaveLength(30);
  });
});
