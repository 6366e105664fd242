import { addDays, addMonths } from '@lender/contract/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS } from '../../sandbox/card-provider/test-support';
import { activeLoan, dueDates, ledger, travelTo } from '../../test/live-loan';
import { seedLoans } from '../../test/seed-loans';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { CardProvider } from '../../lib/card-provider/card-provider';
import { outsideServices } from '../../lib/outside-services';
import { closeOfBusiness } from './close-of-business';
import { attemptsOf } from './close-of-business-test-support';

describe('the close of business, started again after a kill', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('blocks a loan whose second decline was recorded just before the kill', async () => {
    t = await createTestApp();
    const loan = await activeLoan(t, CARDS.declinesCharges);
    const [first] = await dueDates(t, loan.applicationId);
    await travelTo(t, addDays(first!, 1));
    // The killed run had stored and answered the second attempt, and died before blocking the loan.
    await t.ctx.db
      .insertInto('cpa_attempts')
      .values({
        application_id: loan.applicationId,
        seq: 1,
        attempt: 2,
        on_date: addDays(first!, 1),
        idempotency_key: `cpa:${loan.applicationId}:1:2`,
        amount_pence: 1,
        outcome: 'declined',
        z2: '51',
        z3: 'Not sufficient funds.',
        charge_id: null,
        created_at: new Date().toISOString(),
        answered_at: new Date().toISOString(),
      })
      .execute();
    await travelTo(t, addDays(first!, 2));
    expect(await attemptsOf(t, loan.applicationId)).toHaveLength(2);
    const row = await t.ctx.db
      .selectFrom('loans')
      .selectAll()
      .where('application_id', '=', loan.applicationId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ blocked_on: addDays(first!, 1), blocked_reason: 'two collections declined' });
  });
});

describe('the close of business, asked twice at once in one process', () => {
  it('runs once and refuses the second run until the first is done', async () => {
    const t = await createTestApp();
    try {
      await activeLoan(t);
      await t.ctx.businessDate.set(addDays(t.ctx.businessDate.today(), 3));
      const cob = t.app.servicing.closeOfBusiness;
      const [first, second] = await Promise.allSettled([cob.closeThrough(), cob.closeThrough()]);
      expect(first.status).toBe('fulfilled');
      expect(second).toMatchObject({
        status: 'rejected',
        reason: expect.objectContaining({
          message: expect.stringMatching(/already running in this process/),
        }),
      });
      expect(await cob.closeThrough()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('the close of business, when the card provider does not answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps the attempt open, asks again under the same key the next day and posts the money then', async () => {
    const fundedOn = t.ctx.businessDate.today();
    const [applicationId] = await seedLoans(t.ctx, { count: 1, fundedOn });
    const due = addMonths(fundedOn, 1);
    const real = outsideServices(t.ctx, t.app).cardProvider;
    const asked: string[] = [];
    const down: CardProvider = {
      ...real,
      charge: async ({ reference }) => {
        asked.push(reference);
        return { outcome: 'unavailable', reason: 'The provider did not answer in time.' };
      },
    };
    await t.ctx.businessDate.set(addDays(due, 1));
    const [dueDay] = (await closeOfBusiness(t.ctx, down).closeThrough(due)).slice(-1);
    expect(dueDay).toMatchObject({ date: due, collected: 0, declined: 0 });
    expect(asked).toEqual([`cpa:${applicationId}:1:1`]);
    expect(await attemptsOf(t, applicationId!)).toEqual([
      expect.objectContaining({ seq: 1, attempt: 1, on_date: due, outcome: 'unavailable' }),
    ]);
    expect((await ledger(t, applicationId!)).filter((r) => r.type === 'instalment')).toEqual([]);

    // The provider is back: the same attempt, the same key, one charge; the money on the day it came.
    const [nextDay] = (await travelTo(t, addDays(due, 2))).slice(-1);
    expect(nextDay).toMatchObject({ date: addDays(due, 1), collected: 1 });
    expect(await attemptsOf(t, applicationId!)).toEqual([
      expect.objectContaining({
        seq: 1,
        attempt: 1,
        idempotency_key: `cpa:${applicationId}:1:1`,
        outcome: 'approved',
      }),
    ]);
    const instalments = (await ledger(t, applicationId!)).filter((r) => r.type === 'instalment');
    expect(instalments).toEqual([expect.objectContaining({ on_date: addDays(due, 1) })]);
    const charges = await t.ctx.db
      .selectFrom('card_sandbox_charges' as never)
      .select('reference' as never)
      .execute();
    expect(charges).toEqual([{ reference: `cpa:${applicationId}:1:1` }]);
  });
});
