import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { addDays } from '@lender/contract/dates';
import { Refusal } from '@lender/contract/refusals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outsideServices } from '../../lib/outside-services';
import { activeLoan, myAccountGet } from '../../test/live-loan';
import { createTestApp, type TestApp } from '../../test/test-app';
import { closeOfBusiness } from './close-of-business';

/**
 * Issue 44: the close of business holds a batch of loans at a time, not the whole book for the whole run.
 * Deterministic: the run is held by its step hook on one loan's page, not raced with sleeps.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof activeLoan>>;
let b: Awaited<ReturnType<typeof activeLoan>>;
beforeAll(async () => {
  // A short wait, so that the refusal after it is quick to see.
  t = await createTestApp({ COB_LOAN_WAIT_MS: '2000' });
  a = await activeLoan(t);
  b = await activeLoan(t);
});
afterAll(() => t.close());

const cardPayment = (authorization: string, amount: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/MyAccountArea/CardPayment',
    headers: { authorization, 'idempotency-key': randomUUID() },
    payload: { amount, useExistingCard: true },
  });

/** Half of what is owed today, in pounds: a part payment the rules allow. */
const half = async (authorization: string) =>
  Math.round((await myAccountGet(t, 'GetTotalDue', authorization)).json().object * 50) / 100;

const rowsOf = (applicationId: number) =>
  t.ctx.db
    .selectFrom('loan_transactions')
    .select(['id', 'type', 'on_date'])
    .where('application_id', '=', applicationId)
    .orderBy('id')
    .execute();

/**
 * A close of business of one loan a page, which stops before the day's interest of `heldLoan`'s page
 * until `release` is called; `reached` resolves once it stands there (holding that loan's batch).
 */
function heldRun(heldLoan: number, through: string) {
  let reached!: () => void;
  let release!: () => void;
  const reachedP = new Promise<void>((r) => (reached = r));
  const released = new Promise<void>((r) => (release = r));
  let holding = true;
  const cob = closeOfBusiness(t.ctx, outsideServices(t.ctx, t.app).cardProvider, {
    pageSize: 1,
    beforeStep: async (step, ids) => {
      if (!holding || step !== 'interest' || !ids.includes(heldLoan)) return;
      holding = false;
      reached();
      await released;
    },
  });
  const run = cob.closeThrough(through);
  return { reached: reachedP, release, run };
}

/** Whether `p` settles within `ms` (it should not, while it waits for a held loan). */
const settlesWithin = (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

describe('a card payment during the close of business', () => {
  it('on a loan the run is not working on goes through at once', async () => {
    expect(a.applicationId).toBeLessThan(b.applicationId);
    const today = t.ctx.businessDate.today();
    await t.ctx.businessDate.set(addDays(today, 2));
    const held = heldRun(b.applicationId, addDays(today, 1));
    await held.reached;
    try {
      const res = await cardPayment(a.authorization, await half(a.authorization));
      expect(res.json()).toMatchObject({ error: { errorID: 0 }, object: { redirectUrl: null } });
      expect((await rowsOf(a.applicationId)).filter((r) => r.type === 'card-payment')).toHaveLength(1);
    } finally {
      held.release();
      await held.run;
    }
  });

  it('on the very loan being closed waits for its batch, then goes through after the day posted', async () => {
    const today = t.ctx.businessDate.today();
    await t.ctx.businessDate.set(addDays(today, 1));
    const held = heldRun(b.applicationId, today);
    await held.reached;
    const payment = cardPayment(b.authorization, await half(b.authorization));
    let answered: boolean;
    try {
      answered = await settlesWithin(payment, 700);
    } finally {
      held.release();
    }
    expect(answered).toBe(false);
    const res = await payment;
    expect(res.json().error.errorID).toBe(0);
    await held.run;
    // The payment came after the run had posted the loan's interest for the day it was closing.
    const rows = await rowsOf(b.applicationId);
    const interest = rows.find((r) => r.type === 'interest' && r.on_date === today)!;
    const paid = rows.filter((r) => r.type === 'card-payment');
    expect(paid).toHaveLength(1);
    expect(paid[0]!.id).toBeGreaterThan(interest.id);
  });

  it('on the loan of the page read ahead waits for the page before it too, so its books are never stale', async () => {
    const today = t.ctx.businessDate.today();
    await t.ctx.businessDate.set(addDays(today, 1));
    // Held on a's page: b's page, the next one, is read while a's steps run.
    const held = heldRun(a.applicationId, today);
    await held.reached;
    const payments = [a, b].map(async (l) => cardPayment(l.authorization, await half(l.authorization)));
    let answered: boolean;
    try {
      answered = await settlesWithin(Promise.race(payments), 700);
    } finally {
      held.release();
    }
    expect(answered).toBe(false);
    for (const payment of payments) expect((await payment).json().error.errorID).toBe(0);
    await held.run;
    for (const l of [a, b]) {
      const rows = await rowsOf(l.applicationId);
      const interest = rows.find((r) => r.type === 'interest' && r.on_date === today)!;
      expect(rows.filter((r) => r.type === 'card-payment').at(-1)!.id).toBeGreaterThan(interest.id);
    }
  });

  it('on a loan held longer than the wait is refused as the day closing, with nothing charged', async () => {
    const today = t.ctx.businessDate.today();
    await t.ctx.businessDate.set(addDays(today, 1));
    const held = heldRun(b.applicationId, today);
    await held.reached;
    const before = await rowsOf(b.applicationId);
    try {
      const res = await cardPayment(b.authorization, await half(b.authorization));
      expect(res.json().error).toEqual(Refusal.dayClosing);
    } finally {
      held.release();
    }
    await held.run;
    const after = await rowsOf(b.applicationId);
    expect(after.filter((r) => r.type === 'card-payment')).toEqual(
      before.filter((r) => r.type === 'card-payment'),
    );
  });

  it('is not held after a run whose page failed: the page read ahead does not hold its loans after the run', async () => {
    const today = t.ctx.businessDate.today();
    await t.ctx.businessDate.set(addDays(today, 1));
    const failing = closeOfBusiness(t.ctx, outsideServices(t.ctx, t.app).cardProvider, {
      pageSize: 1,
      beforeStep: (step) => Promise.reject(new Error(`${step} failed for the test`)),
    });
    await expect(failing.closeThrough(today)).rejects.toThrow('interest failed for the test');
    expect(await t.ctx.db.selectFrom('loan_batch_locks').selectAll().execute()).toEqual([]);
    const res = await cardPayment(b.authorization, await half(b.authorization));
    expect(res.json().error.errorID).toBe(0);
    await t.app.servicing.closeOfBusiness.closeThrough(today);
  });

  it('is not held by the batch of a run whose process has died', async () => {
    await t.ctx.db
      .insertInto('loan_batch_locks')
      .values({
        name: 'close-of-business',
        // A pid no process has: the kernel's maximum is far below it.
        holder: `${os.hostname()}:999999999:x`,
        first_application_id: a.applicationId,
        last_application_id: b.applicationId,
        expires_at: new Date(Date.now() + 600_000).toISOString(),
      })
      .execute();
    try {
      const res = await cardPayment(a.authorization, await half(a.authorization));
      expect(res.json().error.errorID).toBe(0);
    } finally {
      await t.ctx.db.deleteFrom('loan_batch_locks').execute();
    }
  });
});
