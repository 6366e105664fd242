import { addDays } from '@lender/contract/dates';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastDayToGive, periodEnd } from '../../entities/loans/statement-periods';
import { CARDS } from '../../sandbox/card-provider/test-support';
import { activeLoan, decisionsOf, statusOf, travelTo } from '../../test/live-loan';
import { createStaffSession } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { oldRulesReviewStaff } from './old-rules-review-staff';

/*
 * s77A(6) (issue 46, docs/decisions/073): an annual statement given after its 30 days leaves a period of
 * non-compliance, from the day after its last day to the day it is given, in which the close of business
 * charges no interest and enforces nothing. Reached as it happens: a loan still owing a year on (a mental
 * health crisis moratorium kept interest off it for the year), and a close of business that did not run
 * from the period's end until well after its last day, then caught up.
 */

let t: TestApp;
let loan: Awaited<ReturnType<typeof activeLoan>>;
let end: string, lastDay: string, givenOn: string;

const interestRows = () =>
  t.ctx.db
    .selectFrom('loan_transactions')
    .select(['amount_pence', 'on_date'])
    .where('application_id', '=', loan.applicationId)
    .where('type', '=', 'interest')
    .orderBy('on_date')
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  loan = await activeLoan(t, CARDS.declinesCharges);
  // Staff record a mental health crisis moratorium as the console does.
  const collections = await createStaffSession(t.ctx, 'collections');
  const staffCall = (action: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/staff/Loans/${action}`,
      headers: { cookie: collections.cookie },
      payload: {
        applicationGuid: loan.guid,
        ...(action === 'StartBreathingSpace' ? { kind: 'mental-health-crisis' } : {}),
      },
    });
  expect((await staffCall('StartBreathingSpace')).json().error.errorID).toBe(0);
  const made = (
    await t.ctx.db
      .selectFrom('loans')
      .select('priced_on')
      .where('application_id', '=', loan.applicationId)
      .executeTakeFirstOrThrow()
  ).priced_on;
  end = periodEnd(made);
  lastDay = lastDayToGive({ end });
  // Closed every day until the period's last; then the close of business stops.
  await travelTo(t, end);
  // Staff end the moratorium while it is stopped (the crisis treatment ended).
  await t.ctx.businessDate.set(addDays(end, 20));
  expect((await staffCall('EndBreathingSpace')).json().error.errorID).toBe(0);
  // Started again well after the statement's last day: it catches up every missed day.
  givenOn = addDays(lastDay, 14);
  await travelTo(t, givenOn);
}, 600_000);
afterAll(() => t.close());

describe('a late annual statement: the period of non-compliance (s77A(6))', () => {
  it('gives the statement the day the close of business catches up, late', async () => {
    const rows = await t.ctx.db
      .selectFrom('annual_statements')
      .select(['period_seq', 'given_on'])
      .where('application_id', '=', loan.applicationId)
      .execute();
    expect(rows).toEqual([{ period_seq: 1, given_on: givenOn }]);
  });

  it('charges interest after the moratorium until the last day, none from then to the day it is given', async () => {
    const rows = await interestRows();
    // None in the moratorium; from its end (the 20th day after the period's) to the statement's last day
    // (the 30th), interest as usual; none after.
    expect(rows.map((r) => r.on_date)).toEqual(Array.from({ length: 10 }, (_, k) => addDays(end, 21 + k)));
    expect(rows.at(-1)!.on_date).toBe(lastDay);
    const oneDay = rows[1]!.amount_pence;
    expect(oneDay).toBeGreaterThan(0);
    // The day it was given is the period's last: none. The day after, one day's interest (within a
    // penny of rounding): the days without are not charged late.
    await travelTo(t, addDays(givenOn, 2));
    const later = (await interestRows()).filter((r) => r.on_date > lastDay);
    expect(later.map((r) => r.on_date)).toEqual([addDays(givenOn, 1)]);
    expect(Math.abs(later[0]!.amount_pence - oneDay)).toBeLessThanOrEqual(1);
  });

  it('enforces nothing meanwhile: a remedy date passed in the period defaults the loan only after it', async () => {
    const row = await t.ctx.db
      .selectFrom('loans')
      .select(['default_notice_on', 'remedy_by', 'defaulted_on'])
      .where('application_id', '=', loan.applicationId)
      .executeTakeFirstOrThrow();
    // The notice went out the day after the moratorium (notices still go out in the period); its remedy
    // date passed inside the period.
    expect(row.default_notice_on).toBe(addDays(end, 21));
    expect(row.remedy_by! > lastDay && row.remedy_by! < givenOn).toBe(true);
    expect(row.defaulted_on).toBe(addDays(givenOn, 1));
    expect(await statusOf(t, loan.guid)).toBe(AppStatus.defaulted);
    const defaults = (await decisionsOf(t, loan.applicationId)).filter((d) => d.kind === 'defaulted');
    expect(defaults).toHaveLength(1);
  });

  it('is listed by `ops notices review` with no interest charged in it', async () => {
    const review = await oldRulesReviewStaff(t.ctx).review();
    expect(review.ok).toBe(true);
    const late = review.ok ? review.value.filter((i) => i.kind === 'late-statement') : [];
    expect(late).toHaveLength(1);
    expect(late[0]!.what).toContain(`due by ${lastDay}`);
    expect(late[0]!.what).toContain('(£0.00 charged)');
  });
});
