import { randomUUID } from 'node:crypto';
import { addDays, type IsoDate } from '@lender/contract/dates';
import { nextWorkingDay } from '@lender/contract/pricing/bank-holidays';
import { WageFrequencyId } from '@lender/contract/pricing/repayment-dates';
import { latestRescheduleDate } from '@lender/contract/pricing/reschedule';
import { Refusal } from '@lender/contract/refusals';
import { REFINANCE_SHEET } from '@lender/contract/rules/refinance-sheet';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesTo } from '../../test/account-holder';
import { CARDS } from '../../sandbox/card-provider/test-support';
import { activeLoan, dueDates, loanInArrears, myAccountGet, statusOf, travelTo } from '../../test/live-loan';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Row = { paymentDate: string; amount: number };

const post = (action: string, authorization: string, body: object, key: string | null = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/MyAccountArea/${action}`,
    headers: { authorization, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });

const plan = (repayDate: IsoDate, duration = 3, amount: number | null = null) => ({
  frequencyID: WageFrequencyId.monthly,
  duration,
  repayDate,
  amount,
});

const today = () => t.ctx.businessDate.today();
/** A refinance's income and outgoings (pounds a month) leaving £1,000 a month: any plan here fits. */
const AFFORDABLE = { monthlyIncome: 2000, housing: 600, bills: 200, credit: 0, living: 200, other: 0 };
const inDays = (days: number) => nextWorkingDay(addDays(today(), days));
const schedule = async (authorization: string) =>
  (await myAccountGet(t, 'GetScheduleSummary', authorization)).json().object;
const pence = (pounds: number) => Math.round(pounds * 100);

const collected = (applicationId: number) =>
  t.ctx.db
    .selectFrom('loan_transactions')
    .select(['amount_pence', 'on_date'])
    .where('application_id', '=', applicationId)
    .where('type', '=', 'instalment')
    .orderBy('id')
    .execute();

describe('MyAccountArea/Calculate', () => {
  it('answers exactly `duration` rows, the first on repayDate, and changes nothing', async () => {
    const loan = await activeLoan(t);
    const before = await schedule(loan.authorization);
    for (const duration of [1, 2, 3]) {
      const res = await post('Calculate', loan.authorization, plan(inDays(10), duration));
      const rows: Row[] = res.json().object;
      expect(rows).toHaveLength(duration);
      expect(rows[0]!.paymentDate).toBe(inDays(10));
      expect(rows.map((r) => r.paymentDate)).toEqual([...rows.map((r) => r.paymentDate)].sort());
    }
    expect(await schedule(loan.authorization)).toEqual(before);
  });

  it("refuses a date that is not a working day, in the past or after the month after next, with the field's message", async () => {
    const loan = await activeLoan(t);
    let saturday = addDays(today(), 7);
    while (new Date(`${saturday}T00:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, 1);
    for (const repayDate of [saturday, today(), addDays(latestRescheduleDate(today()), 1)]) {
      const res = await post('Calculate', loan.authorization, plan(repayDate));
      expect(res.statusCode).toBe(400);
      expect(res.json().object.fields.repayDate).toMatch(/working day|Please choose a date from/);
    }
    const badFrequency = await post('Calculate', loan.authorization, {
      ...plan(inDays(10)),
      frequencyID: 99,
    });
    expect(badFrequency.statusCode).toBe(400);
  });
});

describe('MyAccountArea/ReSchedule', () => {
  it('replaces the unpaid rows with the plan; the CPA collects each payment as shown and the loan settles to the penny', async () => {
    const loan = await activeLoan(t);
    const signed = await dueDates(t, loan.applicationId);
    // A plan starting a few days before the signed first date ends on or before the signed last one, whatever
    // today's date is, so it is not a refinance (that case is the next tests').
    const start = nextWorkingDay(addDays(signed[0]!, -3));
    const rows: Row[] = (await post('Calculate', loan.authorization, plan(start))).json().object;
    expect(rows[2]!.paymentDate <= signed[2]!).toBe(true);
    const key = randomUUID();
    const res = await post('ReSchedule', loan.authorization, plan(start), key);
    expect(res.json().error.errorID).toBe(0);
    // The same request again makes no second plan.
    expect((await post('ReSchedule', loan.authorization, plan(start), key)).json().error.errorID).toBe(0);
    const versions = await t.ctx.db
      .selectFrom('loan_schedules')
      .select(['version', 'kind'])
      .where('application_id', '=', loan.applicationId)
      .execute();
    expect(versions).toEqual([{ version: 2, kind: 'reschedule' }]);

    const shown = await schedule(loan.authorization);
    expect(shown.schedule.map((r: { paymentDate: string; pmt: number }) => [r.paymentDate, r.pmt])).toEqual(
      rows.map((r) => [r.paymentDate, r.amount]),
    );
    expect(shown.transactions[0].transactionType).toBe('Repayment plan changed');
    const [email] = (await messagesTo(t, loan.email!)).filter((m) =>
      /new .* repayment plan/.test(m.subject ?? ''),
    );
    expect(email?.text).toContain(`£${rows[0]!.amount.toFixed(2)}`);

    await travelTo(t, addDays(rows[2]!.paymentDate, 1));
    expect((await collected(loan.applicationId)).map((c) => [c.on_date, c.amount_pence])).toEqual(
      rows.map((r) => [r.paymentDate, pence(r.amount)]),
    );
    expect(await statusOf(t, loan.guid)).toBe(AppStatus.settled);
    expect((await myAccountGet(t, 'GetTotalDue', loan.authorization)).json().object).toBe(0);
  });

  it('refuses the key sent again with another plan (errorID 243) and keeps the first plan', async () => {
    const loan = await activeLoan(t);
    const signed = await dueDates(t, loan.applicationId);
    const start = nextWorkingDay(addDays(signed[0]!, -3));
    const key = randomUUID();
    expect((await post('ReSchedule', loan.authorization, plan(start, 3), key)).json().error.errorID).toBe(0);
    const stored = await schedule(loan.authorization);

    const other = await post('ReSchedule', loan.authorization, plan(start, 2), key);
    expect(other.json().error).toEqual(Refusal.planKeyReused);
    expect(other.json().error.errorID).toBe(243);
    expect(await schedule(loan.authorization)).toEqual(stored);
    const versions = await t.ctx.db
      .selectFrom('loan_schedules')
      .select('version')
      .where('application_id', '=', loan.applicationId)
      .execute();
    expect(versions).toEqual([{ version: 2 }]);
    // The first plan sent again is still answered as done.
    expect((await post('ReSchedule', loan.authorization, plan(start, 3), key)).json().error.errorID).toBe(0);
  });

  it('with an amount paid now: refused until paid, then priced from what is owed after the payment', async () => {
    const loan = await activeLoan(t);
    const totalDue: number = (await myAccountGet(t, 'GetTotalDue', loan.authorization)).json().object;
    const amount = Math.round(totalDue * 30) / 100;
    const shownRows: Row[] = (await post('Calculate', loan.authorization, plan(inDays(8), 2, amount))).json()
      .object;
    const early = await post('ReSchedule', loan.authorization, plan(inDays(8), 2, amount));
    expect(early.json().error).toEqual(Refusal.payBeforePlan);

    const paid = await post('CardPayment', loan.authorization, { amount, useExistingCard: true });
    expect(paid.json().error.errorID).toBe(0);
    expect(
      (await post('ReSchedule', loan.authorization, plan(inDays(8), 2, amount))).json().error.errorID,
    ).toBe(0);
    const unpaid = (await schedule(loan.authorization)).schedule.filter(
      (r: { isPayed: boolean }) => !r.isPayed,
    );
    expect(
      unpaid.map((r: { paymentDate: string; pmt: number }) => ({
        paymentDate: r.paymentDate,
        amount: r.pmt,
      })),
    ).toEqual(shownRows);
  });

  it('a plan ending after the signed last date is a refinance: it needs the sheet and the income check, two at most', async () => {
    const loan = await activeLoan(t);
    // Each plan starts later than the last: each moves every payment later, a refinance.
    const late = (k: number) => plan(nextWorkingDay(addDays(latestRescheduleDate(today()), -12 + 4 * k)), 3);
    const signedLastDate = (await dueDates(t, loan.applicationId)).at(-1)!;
    // GetScheduleSummary says so before the customer chooses, counting from the business date.
    expect((await schedule(loan.authorization)).planRules).toEqual({
      today: today(),
      signedLastDate,
      dueDates: await dueDates(t, loan.applicationId),
      refinancesLeft: 2,
      forbearance: false,
    });
    const unconfirmed = await post('ReSchedule', loan.authorization, late(0));
    expect(unconfirmed.statusCode).toBe(400);
    expect(Object.keys(unconfirmed.json().object.fields).sort()).toEqual([
      'incomeAndOutgoings',
      'informationSheetSeen',
    ]);
    const confirmed = { informationSheetSeen: true, incomeAndOutgoings: AFFORDABLE };
    for (const k of [0, 1]) {
      const res = await post('ReSchedule', loan.authorization, { ...late(k), ...confirmed });
      expect(res.json().error.errorID).toBe(0);
    }
    expect((await schedule(loan.authorization)).planRules).toMatchObject({
      signedLastDate,
      refinancesLeft: 0,
    });
    const third = await post('ReSchedule', loan.authorization, { ...late(2), ...confirmed });
    expect(third.json().error).toEqual(Refusal.refinanceLimit);
    expect((await post('Calculate', loan.authorization, late(2))).json().error).toEqual(
      Refusal.refinanceLimit,
    );
    // A plan within the signed dates is still a reschedule, not a refinance.
    const within = await post('ReSchedule', loan.authorization, plan(inDays(9), 1));
    expect(within.json().error.errorID).toBe(0);
  });

  it('a plan moving two instalments later with the same last date is a refinance (the probe of issue 46): sheet, income check, counted, at the agreement rate', async () => {
    const loan = await activeLoan(t);
    const signed = await dueDates(t, loan.applicationId);
    expect(signed.length).toBeGreaterThanOrEqual(3);
    // Two monthly payments from the second signed date: the first and second instalments each move later
    // (to the second and last dates); the last date stays the signed one.
    const probe = plan(signed.at(-2)!, 2);
    const cost = (await post('PlanCost', loan.authorization, probe)).json().object;
    expect(cost.rows.map((r: Row) => r.paymentDate)).toEqual(signed.slice(-2));
    expect(cost.rows[0].paymentDate > signed[0]!).toBe(true);
    expect(cost.rows.at(-1).paymentDate).toBe(signed.at(-1));
    expect(cost.kind).toBe('refinance');

    const bare = await post('ReSchedule', loan.authorization, probe);
    expect(bare.statusCode).toBe(400);
    expect(Object.keys(bare.json().object.fields).sort()).toEqual([
      'incomeAndOutgoings',
      'informationSheetSeen',
    ]);
    // The income check is a check: a plan taking more in a month than income less outgoings is refused.
    const tight = { ...AFFORDABLE, monthlyIncome: 1010 };
    const unaffordable = await post('ReSchedule', loan.authorization, {
      ...probe,
      informationSheetSeen: true,
      incomeAndOutgoings: tight,
    });
    expect(unaffordable.statusCode).toBe(400);
    expect(unaffordable.json().object.fields.incomeAndOutgoings).toMatch(
      /^This plan takes up to £[\d,.]+ in a month, but you have £10\.00 a month left after your outgoings\./,
    );
    const negative = await post('ReSchedule', loan.authorization, {
      ...probe,
      informationSheetSeen: true,
      incomeAndOutgoings: { ...AFFORDABLE, housing: -1 },
    });
    expect(negative.statusCode).toBe(400);
    expect(
      await t.ctx.db
        .selectFrom('loan_schedules')
        .select('version')
        .where('application_id', '=', loan.applicationId)
        .execute(),
    ).toEqual([]);

    const res = await post('ReSchedule', loan.authorization, {
      ...probe,
      informationSheetSeen: true,
      incomeAndOutgoings: AFFORDABLE,
    });
    expect(res.json().error.errorID).toBe(0);
    const stored = await t.ctx.db
      .selectFrom('loan_schedules')
      .innerJoin('loans', 'loans.application_id', 'loan_schedules.application_id')
      .select(['kind', 'loan_schedules.daily_rate as planRate', 'loans.daily_rate as agreedRate'])
      .where('loan_schedules.application_id', '=', loan.applicationId)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.kind).toBe('refinance');
    expect(stored[0]!.planRate).toBe(stored[0]!.agreedRate);
    const check = await t.ctx.db
      .selectFrom('plan_income_checks')
      .selectAll()
      .where('application_id', '=', loan.applicationId)
      .executeTakeFirstOrThrow();
    expect(check).toMatchObject({
      version: 2,
      information_sheet: REFINANCE_SHEET.id,
      monthly_income_pence: 200_000,
      housing_pence: 60_000,
      disposable_pence: 100_000,
      plan_month_pence: Math.max(...cost.rows.map((r: Row) => pence(r.amount))),
    });
    expect((await schedule(loan.authorization)).planRules.refinancesLeft).toBe(1);
  });

  it('refuses a plan moving an instalment later when two refinances are used, though its last date does not move', async () => {
    const loan = await activeLoan(t);
    // Each plan starts later than the last: each moves every payment later, a refinance.
    const late = (k: number) => plan(nextWorkingDay(addDays(latestRescheduleDate(today()), -12 + 4 * k)), 3);
    const confirmed = { informationSheetSeen: true, incomeAndOutgoings: AFFORDABLE };
    for (const k of [0, 1]) {
      expect(
        (await post('ReSchedule', loan.authorization, { ...late(k), ...confirmed })).json().error.errorID,
      ).toBe(0);
    }
    const inForce = (await schedule(loan.authorization)).planRules.dueDates as string[];
    // One payment two days after the plan's first date: that payment moves later, the last date does not.
    const moved = plan(nextWorkingDay(addDays(inForce[0]!, 2)), 1);
    const refused = await post('ReSchedule', loan.authorization, { ...moved, ...confirmed });
    expect(refused.json().error).toEqual(Refusal.refinanceLimit);
    // A plan keeping every date (one payment on the first) is still a reschedule.
    expect((await post('ReSchedule', loan.authorization, plan(inForce[0]!, 1))).json().error.errorID).toBe(0);
  });

  it('in arrears, a plan is forbearance: no interest and no fee while it is kept, and the loan is no longer in arrears', async () => {
    // The customer stopped the CPA; the first instalment went unpaid.
    const loan = await loanInArrears(t);
    expect((await schedule(loan.authorization)).planRules).toMatchObject({
      today: today(),
      forbearance: true,
    });
    const res = await post('ReSchedule', loan.authorization, plan(inDays(20), 3));
    expect(res.json().error.errorID).toBe(0);
    const [version] = await t.ctx.db
      .selectFrom('loan_schedules')
      .select(['kind', 'daily_rate'])
      .where('application_id', '=', loan.applicationId)
      .execute();
    expect(version).toEqual({ kind: 'forbearance', daily_rate: 0 });
    // Accepted with its CPA agreement: the plan is collected by card again.
    expect((await schedule(loan.authorization)).cpaCancelled).toBe(false);
    const rescheduledOn = today();
    await travelTo(t, addDays(rescheduledOn, 15));
    const charged = await t.ctx.db
      .selectFrom('loan_transactions')
      .select(['type', 'on_date'])
      .where('application_id', '=', loan.applicationId)
      .where('on_date', '>=', rescheduledOn)
      .where('type', 'in', ['interest', 'default-fee'])
      .execute();
    expect(charged).toEqual([]);
    expect(await statusOf(t, loan.guid)).toBe(AppStatus.active);
  });

  it('is refused on a loan the customer is withdrawing from (s66A: repaid, not rescheduled)', async () => {
    const loan = await activeLoan(t);
    expect((await post('Withdraw', loan.authorization, {})).json().error.errorID).toBe(0);
    const res = await post('ReSchedule', loan.authorization, plan(inDays(10)));
    expect(res.json().error).toEqual(Refusal.withdrawingNoPlan);
  });

  it('is refused on a blocked loan, as the spec disables it', async () => {
    const loan = await activeLoan(t, CARDS.declinesCharges);
    const [first] = await dueDates(t, loan.applicationId);
    await travelTo(t, addDays(first!, 3));
    const res = await post('ReSchedule', loan.authorization, plan(inDays(10)));
    expect(res.json().error).toEqual(Refusal.cardNotActive);
  });
});
