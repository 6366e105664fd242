import { calls, staffPermissionOf } from '@lender/contract/api-calls';
import { addDays } from '@lender/contract/dates';
import { ErrorId } from '@lender/contract/error-ids';
import { ROLE_PERMISSIONS, STAFF_ROLES, type Permission } from '@lender/contract/staff-permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionOf } from '../../entities/loans/ledger';
import { loanRepository } from '../../entities/loans/loan-repository';
import { CARDS } from '../../sandbox/card-provider/test-support';
import { createSession } from '../../test/factories';
import { activeLoan, attemptsOf, dueDates, myAccountGet, travelTo } from '../../test/live-loan';
import { createStaffSession } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';

// Each test closes weeks of days one by one: on PostgreSQL, with other suites running, longer than 20 s.
const DAYS_OF_CLOSING = 120_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const agree = (cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/staff/Loans/AgreePlan', headers: { cookie }, payload });
const figures = (cookie: string, loanId: number) =>
  t.app.inject({ method: 'GET', url: `/api/staff/Loans/PlanFigures?loanId=${loanId}`, headers: { cookie } });

/** A statement leaving £50 a month. */
const INCOME = {
  monthlyIncomePence: 150_000,
  housingPence: 60_000,
  billsPence: 20_000,
  creditPence: 5_000,
  livingPence: 60_000,
  otherPence: 0,
};
/** A statement leaving nothing. */
const NIL = { ...INCOME, otherPence: 5_000 };

const today = () => t.ctx.businessDate.today();
const bookOf = async (id: number) => (await loanRepository(t.ctx.db).books([id])).get(id)!;
const rowsOf = (id: number, type: string, from: string) =>
  t.ctx.db
    .selectFrom('loan_transactions')
    .select(['amount_pence', 'on_date'])
    .where('application_id', '=', id)
    .where('type', '=', type as never)
    .where('on_date', '>=', from)
    .execute();
/** What a refusal must leave as it was: the schedules, the statements and the audit of the loan. */
const stateOf = async (id: number) => ({
  schedules: await t.ctx.db
    .selectFrom('loan_schedules')
    .selectAll()
    .where('application_id', '=', id)
    .execute(),
  checks: await t.ctx.db
    .selectFrom('plan_income_checks')
    .selectAll()
    .where('application_id', '=', id)
    .execute(),
  ledger: await t.ctx.db
    .selectFrom('loan_transactions')
    .selectAll()
    .where('application_id', '=', id)
    .execute(),
  audit: await t.ctx.db
    .selectFrom('audit_events')
    .select('id')
    .where('subject_type', '=', 'loan')
    .where('subject_id', '=', String(id))
    .where('action', '=', 'plan-agreed')
    .execute(),
});

/**
 * A loan in arrears whose card can still be charged: the card declined the first instalment on its due
 * date, once (a second decline would block the loan), so the CPA would try again.
 */
async function inArrearsWithCard() {
  const loan = await activeLoan(t, CARDS.declinesCharges);
  const [first] = await dueDates(t, loan.applicationId);
  await travelTo(t, addDays(first!, 1));
  const book = await bookOf(loan.applicationId);
  expect(book.loan.blocked_on).toBeNull();
  expect(book.loan.cpa_cancelled_at).toBeNull();
  expect(await attemptsOf(t, loan.applicationId)).toHaveLength(1);
  return loan;
}

describe('Loans/AgreePlan: a plan in arrears without a card', () => {
  it(
    'is stored with its income and expenditure; the CPA charges nothing while it stands, interest and fees are frozen, and a missed payment brings the CPA back',
    async () => {
      const loan = await inArrearsWithCard();
      const collections = await createStaffSession(t.ctx, 'collections');
      const agreedOn = today();
      const firstDate = addDays(agreedOn, 7);

      // The starting figures are the customer's stage 3 ones.
      const start = await figures(collections.cookie, loan.applicationId);
      expect(start.json().error.errorID).toBe(0);
      expect(start.json().object.arrearsPence).toBeGreaterThan(0);
      expect(start.json().object.income.monthlyIncomePence).toBeGreaterThan(0);
      expect(start.json().object.plan).toBeNull();

      const res = await agree(collections.cookie, {
        loanId: loan.applicationId,
        kind: 'payments',
        paymentPence: 5_000,
        months: 3,
        firstDate,
        income: INCOME,
        reason: 'Card blocked by the bank; pays by transfer from wages.',
      });
      expect(res.json().error.errorID).toBe(0);
      const plan = res.json().object;
      const balance = positionOf(
        (await bookOf(loan.applicationId)).terms,
        (await bookOf(loan.applicationId)).rows,
      ).totalDuePence;
      expect(plan.lines.map((l: { date: string }) => l.date)).toEqual([
        firstDate,
        expect.any(String),
        expect.any(String),
      ]);
      expect(plan.lines[0].paymentPence).toBe(5_000);
      expect(plan.totalPence).toBe(balance);
      expect(plan.surplusPence).toBe(5_000);

      // Stored as a forbearance version of the schedule, at no interest, paid without a card, with its I&E.
      const book = await bookOf(loan.applicationId);
      const stored = book.plans.at(-1)!;
      expect(stored).toMatchObject({
        kind: 'forbearance',
        daily_rate: 0,
        without_card: 1,
        pause_until: null,
      });
      const check = await t.ctx.db
        .selectFrom('plan_income_checks')
        .selectAll()
        .where('application_id', '=', loan.applicationId)
        .where('version', '=', stored.version)
        .executeTakeFirstOrThrow();
      expect(check).toMatchObject({
        monthly_income_pence: 150_000,
        housing_pence: 60_000,
        disposable_pence: 5_000,
        information_sheet: null,
      });
      const audit = await t.ctx.db
        .selectFrom('audit_events')
        .selectAll()
        .where('action', '=', 'plan-agreed')
        .where('subject_id', '=', String(loan.applicationId))
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]!.actor).toBe(`staff:${collections.member.id}`);
      const details = JSON.parse(audit[0]!.details as string);
      expect(details.before.kind).toBe('signed');
      expect(details.after.income).toEqual(INCOME);
      expect(details.address).toBeTruthy();
      expect((await figures(collections.cookie, loan.applicationId)).json().object.plan.version).toBe(
        stored.version,
      );

      // The customer's own page shows the plan's schedule, from the ledger.
      const summary = (await myAccountGet(t, 'GetScheduleSummary', loan.authorization)).json();
      const shown = summary.object as {
        totalDue: number;
        figures: { leftOnPlan: number; overdueNow: number };
        schedule: { paymentDate: string; pmt: number }[];
      };
      expect(shown.schedule.map((l) => l.paymentDate)).toEqual(
        plan.lines.map((l: { date: string }) => l.date),
      );
      // Every figure reconciles: the plan's payments add up to what is owed, nothing is overdue now.
      expect(shown.schedule.reduce((sum, l) => sum + Math.round(l.pmt * 100), 0)).toBe(balance);
      expect(Math.round(shown.totalDue * 100)).toBe(balance);
      expect(Math.round(shown.figures.leftOnPlan * 100)).toBe(balance);
      expect(shown.figures.overdueNow).toBe(0);

      // Through the first payment's due date: no CPA attempt (the CPA would charge the plan's first
      // payment on its due date without the plan's mark), no interest, no fee.
      await travelTo(t, addDays(firstDate, 1));
      expect(await attemptsOf(t, loan.applicationId)).toHaveLength(1);
      expect(await rowsOf(loan.applicationId, 'interest', agreedOn)).toEqual([]);
      expect(await rowsOf(loan.applicationId, 'default-fee', agreedOn)).toEqual([]);

      // The first payment was missed: the plan no longer stands, the CPA tries the card again.
      await travelTo(t, addDays(firstDate, 2));
      const attempts = await attemptsOf(t, loan.applicationId);
      expect(attempts).toHaveLength(2);
      expect(attempts[1]!.on_date).toBe(addDays(firstDate, 1));
      expect((await figures(collections.cookie, loan.applicationId)).json().object.plan).toBeNull();
    },
    DAYS_OF_CLOSING,
  );

  it(
    'a pause of up to 30 days stops collections and interest for its days; 31 days is refused and changes nothing',
    async () => {
      const loan = await inArrearsWithCard();
      const teamLead = await createStaffSession(t.ctx, 'team-lead');
      const before = await stateOf(loan.applicationId);
      const long = await agree(teamLead.cookie, {
        loanId: loan.applicationId,
        kind: 'pause',
        pauseDays: 31,
        income: INCOME,
        reason: 'Seeing StepChange this month.',
      });
      expect(long.json().error).toEqual({
        errorID: ErrorId.conflict,
        errorMessage: 'A pause of collections lasts 1 to 30 days.',
      });
      expect(await stateOf(loan.applicationId)).toEqual(before);

      const agreedOn = today();
      const res = await agree(teamLead.cookie, {
        loanId: loan.applicationId,
        kind: 'pause',
        pauseDays: 30,
        income: NIL,
        reason: 'Seeing StepChange this month.',
      });
      expect(res.json().error.errorID).toBe(0);
      expect(res.json().object.pauseUntil).toBe(addDays(agreedOn, 30));
      expect(res.json().object.lines[0].date > addDays(agreedOn, 30)).toBe(true);
      // One payment per date, together what is owed: the overdue instalment falls on the day after the pause.
      const dates = res.json().object.lines.map((l: { date: string }) => l.date);
      expect(new Set(dates).size).toBe(dates.length);
      expect(dates[0]).toBe(addDays(agreedOn, 31));
      const owed = await bookOf(loan.applicationId);
      expect(res.json().object.totalPence).toBe(positionOf(owed.terms, owed.rows).totalDuePence);
      await travelTo(t, addDays(agreedOn, 30));
      expect(await attemptsOf(t, loan.applicationId)).toHaveLength(1);
      expect(await rowsOf(loan.applicationId, 'interest', agreedOn)).toEqual([]);
      expect(await rowsOf(loan.applicationId, 'default-fee', agreedOn)).toEqual([]);
    },
    DAYS_OF_CLOSING,
  );

  it('refuses a payment the surplus cannot afford and changes nothing; a token £1 is agreed on a nil surplus', async () => {
    const loan = await inArrearsWithCard();
    const collections = await createStaffSession(t.ctx, 'collections');
    const before = await stateOf(loan.applicationId);
    const body = {
      loanId: loan.applicationId,
      kind: 'payments',
      months: 6,
      firstDate: addDays(today(), 14),
      reason: 'Lost job; looking for work.',
    };
    const tooMuch = await agree(collections.cookie, { ...body, paymentPence: 5_001, income: INCOME });
    expect(tooMuch.json().error).toEqual({
      errorID: ErrorId.conflict,
      errorMessage:
        '£50.01 a month is more than the customer can afford: their income less expenditure leaves £50.00 ' +
        'a month. Agree at most that, or a token payment of £1.00.',
    });
    const nilSurplus = await agree(collections.cookie, { ...body, paymentPence: 200, income: NIL });
    expect(nilSurplus.json().error.errorID).toBe(ErrorId.conflict);
    expect(await stateOf(loan.applicationId)).toEqual(before);

    const token = await agree(collections.cookie, { ...body, paymentPence: 100, income: NIL });
    expect(token.json().error.errorID).toBe(0);
    expect(token.json().object.lines).toHaveLength(6);
    expect(token.json().object.lines[0].paymentPence).toBe(100);
    expect(token.json().object.surplusPence).toBe(0);
  });

  it('refuses a loan not in arrears and changes nothing', async () => {
    const loan = await activeLoan(t);
    const collections = await createStaffSession(t.ctx, 'collections');
    const before = await stateOf(loan.applicationId);
    const res = await agree(collections.cookie, {
      loanId: loan.applicationId,
      kind: 'payments',
      paymentPence: 1_000,
      months: 3,
      firstDate: addDays(today(), 7),
      income: INCOME,
      reason: 'Asked for lower payments.',
    });
    expect(res.json().error).toEqual({
      errorID: ErrorId.conflict,
      errorMessage: `Loan ${loan.applicationId} is not in arrears: a plan without a card is agreed with a customer in arrears.`,
    });
    expect(await stateOf(loan.applicationId)).toEqual(before);
  });

  it("answers 403 to every role without the call's permission, and 401 to a customer", async () => {
    // Collections and team-leads agree plans; compliance and admin act on no loan.
    for (const role of ['compliance', 'admin', 'agent', 'underwriter', 'complaints'] as const) {
      expect(ROLE_PERMISSIONS[role]).not.toContain('loan:plan');
    }
    const unknown = {
      loanId: 99_999_999,
      kind: 'pause',
      pauseDays: 10,
      income: INCOME,
      reason: 'Getting debt advice.',
    };
    for (const role of STAFF_ROLES) {
      const staff = await createStaffSession(t.ctx, role);
      const allowed = ROLE_PERMISSIONS[role].includes(
        staffPermissionOf(calls.loansAgreePlan.auth) as Permission,
      );
      const res = await agree(staff.cookie, unknown);
      expect(res.statusCode, role).toBe(allowed ? 200 : 403);
      expect(res.json().error.errorID, role).toBe(allowed ? ErrorId.notFound : ErrorId.forbidden);
      const mayRead = ROLE_PERMISSIONS[role].includes(
        staffPermissionOf(calls.loansPlanFigures.auth) as Permission,
      );
      const read = await figures(staff.cookie, 99_999_999);
      expect(read.statusCode, role).toBe(mayRead ? 200 : 403);
    }
    const customer = await createSession(t.ctx);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/Loans/AgreePlan',
      headers: { authorization: customer.authorization },
      payload: unknown,
    });
    expect(res.statusCode).toBe(401);
  });
});
