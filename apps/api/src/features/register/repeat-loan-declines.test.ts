import { randomUUID } from 'node:crypto';
import { addDays } from '@lender/contract/dates';
import { Refusal } from '@lender/contract/refusals';
import { Msg } from '@lender/contract/rules/messages';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxTo } from '../../test/landing';
import { decisionsOf, liveLoanOf, settledLoan } from '../../test/live-loan';
import { repeatBody } from '../../test/repeat-loan-payload';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  type Customer,
  register,
  repeatLoan,
  applicationsOf,
  newestOf,
  canRepeat,
} from '../../test/repeat-loan';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('Register/RepeatLoan declines with its reasons', () => {
  it('declines what the new figures make unaffordable, then lets the customer apply again', async () => {
    const c = await settledLoan(t);
    const res = await repeatLoan(t, c, repeatBody(c, { netPay: 950, amount: 1000, duration: 1 }));
    expect(res.statusCode).toBe(200);
    expect(res.json().error).toEqual(Refusal.declined);
    const app = await newestOf(t, c.customerId);
    expect(app.status_id).toBe(AppStatus.leadDeclined);
    const declined = (await decisionsOf(t, app.id)).find((d) => d.kind === 'declined');
    expect(declined?.reason).toMatch(/^DECLINES (screen|affordability)/);
    // Our own rules declined it: the answer names no agency, the e-mail offers a person's review.
    expect(res.json().object).toEqual({ creditReferenceAgency: null });
    const mail = (await outboxTo(t, c.email)).at(-1);
    expect(mail?.text).toContain('You can ask for a person to review it');
    expect(mail?.text).not.toContain('credit reference agency');
    expect(await canRepeat(t, c)).toBe(true);

    const next = await repeatLoan(t, c, repeatBody(c));
    expect(next.json().object.appStatusID).toBe(AppStatus.esignSent);
  });

  it('declines a loan whose cost with the last 12 months would be unsustainable (CONC 6.7.22G)', async () => {
    const c = await settledLoan(t);
    // £1,000 over 6 months passes affordability on £1,100 a month with £600 of expenses (about £210 left
    // after its £290 instalment), but its interest alone (about £740, a little more or less as the calendar
    // sets the days) is well above half a month's income (£550): the margins hold on any date.
    const body = repeatBody(c, { netPay: 1100, amount: 1000, duration: 6 });
    const res = await repeatLoan(t, c, { ...body, financialData: { ...body.financialData, rent: 300 } });
    expect(res.json().error).toEqual(Refusal.declined);
    const app = await newestOf(t, c.customerId);
    const declined = (await decisionsOf(t, app.id)).find((d) => d.kind === 'declined');
    expect(declined?.reason).toMatch(/^DECLINES combined-cost: /);
    expect(declined?.reason).not.toContain('DECLINES affordability');
  });

  it('declines a fifth loan within 12 months', async () => {
    const c = await settledLoan(t);
    // Three more loans of the last year, each repaid.
    for (let k = 0; k < 3; k++) {
      const id = await liveLoanOf(t, c.customerId, addDays(t.ctx.businessDate.today(), -60 * (k + 1)));
      await t.ctx.db
        .updateTable('loans')
        .set({ settled_on: t.ctx.businessDate.today() })
        .where('application_id', '=', id)
        .execute();
      await t.ctx.db
        .updateTable('applications')
        .set({ status_id: AppStatus.settled })
        .where('id', '=', id)
        .execute();
    }
    const ok = await repeatLoan(t, c, repeatBody(c));
    const app = await newestOf(t, c.customerId);
    expect(ok.json().error).toEqual(Refusal.declined);
    const declined = (await decisionsOf(t, app.id)).find((d) => d.kind === 'declined');
    expect(declined?.reason).toMatch(/^DECLINES loans-in-12-months: 4 loans paid out/);
  });
});

describe('Register/RepeatLoan refuses what the rules do not allow, changing nothing', () => {
  let c: Customer;
  beforeAll(async () => {
    c = await settledLoan(t);
  });

  const refused = async (overrides: Record<string, unknown>, key: string | null = randomUUID()) => {
    const before = await applicationsOf(t, c.customerId);
    const res = await repeatLoan(t, c, repeatBody(c, overrides), key);
    expect(res.statusCode).toBe(400);
    expect(await applicationsOf(t, c.customerId)).toEqual(before);
    return res.json().object.fields as Record<string, string>;
  };

  it('an amount that is not one of the options, or above them', async () => {
    expect((await refused({ amount: 250 })).amount).toBe(Msg.chooseAmount);
    expect((await refused({ amount: 1100 })).amount).toBe(Msg.amountTooHigh);
  });

  it('instalments outside 1 to 6', async () => {
    expect((await refused({ duration: 7 })).duration).toBe(Msg.instalment);
    expect((await refused({ duration: 0 })).duration).toBe(Msg.instalment);
  });

  it('a repayment date outside the window', async () => {
    expect((await refused({ repaymentDate: addDays(t.ctx.businessDate.today(), 2) })).repaymentDate).toBe(
      Msg.repaymentWindow,
    );
  });

  it('income under 100, and fewer than 3 expenses', async () => {
    expect((await refused({ netPay: 99 })).netPay).toBe(Msg.netIncomeMin);
    const fin = { ...repeatBody(c).financialData, food: 0, creditCommitment: 0 };
    expect((await refused({ financialData: fin })).financialData).toBe(Msg.expenses);
  });

  it('a request without an idempotency key', async () => {
    expect(Object.keys(await refused({}, null))).toEqual(['idempotencyKey']);
  });

  it('the card on file once its payment authority is cancelled', async () => {
    await t.ctx.db
      .updateTable('loans')
      .set({ cpa_cancelled_at: new Date().toISOString() })
      .where('application_id', '=', c.applicationId)
      .execute();
    const prefill = (await register(t, 'GET', 'GetRepeatLoan', c.authorization)).json().object;
    expect(prefill.cardOnFile.usable).toBe(false);
    expect((await refused({})).useExistingCard).toBe(Msg.cardOnFileUnusable);
  });

  it('the card on file once it has expired', async () => {
    await t.ctx.db
      .updateTable('loans')
      .set({ cpa_cancelled_at: null })
      .where('application_id', '=', c.applicationId)
      .execute();
    const today = t.ctx.businessDate.today();
    const lastMonth = addDays(`${today.slice(0, 7)}-01`, -1);
    await t.ctx.db
      .updateTable('cards')
      .set({ exp_year: Number(lastMonth.slice(0, 4)), exp_month: Number(lastMonth.slice(5, 7)) })
      .where('customer_id', '=', c.customerId)
      .execute();
    expect((await refused({})).useExistingCard).toBe(Msg.cardOnFileUnusable);
    // In the month of its expiry it is still good.
    await t.ctx.db
      .updateTable('cards')
      .set({ exp_year: Number(today.slice(0, 4)), exp_month: Number(today.slice(5, 7)) })
      .where('customer_id', '=', c.customerId)
      .execute();
    const prefill = (await register(t, 'GET', 'GetRepeatLoan', c.authorization)).json().object;
    expect(prefill.cardOnFile.usable).toBe(true);
  });
});
