import { addDays } from '@lender/contract/dates';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS } from '../../sandbox/card-provider/test-support';
import { messagesTo } from '../../test/account-holder';
import {
  activeLoan,
  attemptsOf,
  decisionsOf,
  dueDates,
  myAccountGet,
  noticesOf,
  statusOf,
  travelTo,
} from '../../test/live-loan';
import { createTestApp, type TestApp } from '../../test/test-app';
import { staffActor } from '../../entities/audit/actor';
import type { StaffResult } from '../../lib/staff-result';
import { breathingSpaceEndedLines, breathingSpaceStartedLines } from '../../ops/breathing-space-format';
import {
  breathingSpaceService as serviceOf,
  type BreathingSpaceEnded,
  type BreathingSpaceStarted,
} from './breathing-space-service';

/** A member of staff as the console will name one: every step below is recorded as theirs. */
const STAFF = staffActor(7);

/** The service as staff use it, its answers as `ops` prints them. */
function breathingSpaceService(ctx: TestApp['ctx']) {
  const spaces = serviceOf(ctx);
  const printed = <T>(r: StaffResult<T>, lines: (v: T) => string[]) =>
    r.ok ? { ok: true as const, lines: lines(r.value) } : r;
  return {
    start: async (guid: string, from?: string) =>
      printed<BreathingSpaceStarted>(await spaces.start(guid, from, STAFF), breathingSpaceStartedLines),
    end: async (guid: string) =>
      printed<BreathingSpaceEnded>(await spaces.end(guid, STAFF), breathingSpaceEndedLines),
  };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The decisions recorded about a moratorium on the loan, in order. */
const moratoriumDecisions = async (applicationId: number) =>
  (await decisionsOf(t, applicationId)).filter((d) => d.kind.startsWith('breathing-space'));

/** A signed loan paid out and active (on the card given, else a good one), with its figures. */
async function activeLoanWithFigures(cardNumber?: string) {
  const loan = await activeLoan(t, cardNumber);
  const row = await t.ctx.db
    .selectFrom('loans')
    .select(['funded_on', 'principal_pence', 'daily_rate'])
    .where('application_id', '=', loan.applicationId)
    .executeTakeFirstOrThrow();
  return { ...loan, fundedOn: row.funded_on!, principalPence: row.principal_pence, rate: row.daily_rate };
}

const rowsOf = (applicationId: number) =>
  t.ctx.db
    .selectFrom('loan_transactions')
    .select(['id', 'type', 'amount_pence', 'on_date', 'reverses_id'])
    .where('application_id', '=', applicationId)
    .orderBy('id')
    .execute();

const within = (date: string, from: string, to: string) => date >= from && date <= to;

/** GetLoanState's state, and the last day its line names for a breathing space. */
async function stateOf(authorization: string) {
  const { state, statusLine } = (await myAccountGet(t, 'GetLoanState', authorization)).json().object;
  const until = /until (\d\d)-(\d\d)-(\d{4})/.exec(statusLine);
  return [state, until ? `${until[3]}-${until[2]}-${until[1]}` : null];
}

describe('a Breathing Space over a missed instalment (a card that declines)', () => {
  let loan: Awaited<ReturnType<typeof activeLoanWithFigures>>;
  let dates: string[];
  let start: string;
  let lastDay: string;
  beforeAll(async () => {
    loan = await activeLoanWithFigures(CARDS.declinesCharges);
    dates = await dueDates(t, loan.applicationId);
    start = addDays(dates[0]!, -1);
    lastDay = addDays(start, 59);
  });

  it('starts on the business date for 60 days, recorded as a decision; a second start is refused', async () => {
    await travelTo(t, start);
    const spaces = breathingSpaceService(t.ctx);
    expect(await spaces.start(loan.guid)).toEqual({
      ok: true,
      lines: [
        `Breathing Space recorded for ${loan.guid} (loan ${loan.applicationId}): ${start} to ${lastDay} (60 days).`,
        'Until it ends the close of business adds no interest or fee, takes no CPA collection and sends no arrears or default notice.',
        'Recorded by staff:7.',
      ],
    });
    expect(await spaces.start(loan.guid)).toEqual({
      ok: false,
      message: `Application ${loan.guid} is already in a breathing space, from ${start} to ${lastDay}.`,
    });
    expect(await moratoriumDecisions(loan.applicationId)).toEqual([
      { kind: 'breathing-space-started', reason: expect.stringContaining(`${start} to ${lastDay}`) },
    ]);
    // Who did it, on the decision and on the breathing space itself.
    const actors = await t.ctx.db
      .selectFrom('application_decisions')
      .select('actor')
      .where('application_id', '=', loan.applicationId)
      .where('kind', '=', 'breathing-space-started')
      .execute();
    expect(actors).toEqual([{ actor: 'staff:7' }]);
    const space = await t.ctx.db
      .selectFrom('breathing_spaces')
      .select(['started_by', 'ended_by'])
      .where('application_id', '=', loan.applicationId)
      .executeTakeFirstOrThrow();
    expect(space).toEqual({ started_by: 'staff:7', ended_by: null });
  });

  it('for its 60 days the close of business adds no interest or fee, collects nothing and sends no notice', async () => {
    const emailsBefore = (await messagesTo(t, loan.email)).length;
    await travelTo(t, addDays(lastDay, 1));
    const rows = await rowsOf(loan.applicationId);
    expect(rows.filter((r) => r.type === 'interest' && within(r.on_date, start, lastDay))).toEqual([]);
    expect(rows.filter((r) => r.type === 'default-fee')).toEqual([]);
    expect(await attemptsOf(t, loan.applicationId)).toEqual([]);
    expect(await noticesOf(t, loan.applicationId)).toEqual([]);
    expect((await messagesTo(t, loan.email)).length).toBe(emailsBefore);
    // The missed instalment is still overdue: the status says so, though nobody is told.
    expect(await statusOf(t, loan.guid)).toBe(AppStatus.arrears);
    const schedule = (await myAccountGet(t, 'GetScheduleSummary', loan.authorization)).json().object;
    expect(schedule.schedule[0].isPayed).toBe(false);
  });

  it('then ends by itself: a day of interest at a time, collections and notices again, no fee for the missed payment', async () => {
    await travelTo(t, addDays(lastDay, 3));
    const after = (await rowsOf(loan.applicationId)).filter(
      (r) => r.type === 'interest' && r.on_date > lastDay,
    );
    expect(after.map((r) => r.on_date)).toEqual([addDays(lastDay, 1), addDays(lastDay, 2)]);
    // One day's interest each, not the moratorium's 60 at once.
    const oneDay = loan.principalPence * loan.rate;
    for (const r of after) {
      expect(r.amount_pence).toBeGreaterThanOrEqual(Math.floor(oneDay));
      expect(r.amount_pence).toBeLessThanOrEqual(Math.ceil(oneDay));
    }
    expect(await attemptsOf(t, loan.applicationId)).toEqual([
      { seq: 1, attempt: 1, on_date: addDays(lastDay, 1), outcome: 'declined' },
      { seq: 1, attempt: 2, on_date: addDays(lastDay, 2), outcome: 'declined' },
    ]);
    // The missed payment was overdue in the moratorium: no default fee for it, then or after.
    expect((await rowsOf(loan.applicationId)).filter((r) => r.type === 'default-fee')).toEqual([]);
    const notices = await noticesOf(t, loan.applicationId);
    expect(notices).toContainEqual({ kind: 's87', on_date: addDays(lastDay, 1) });
    expect(notices.every((n) => n.on_date > lastDay)).toBe(true);
  });
});

describe('a Breathing Space ended early by staff, and one recorded late', () => {
  it('ended early: protected up to the day it ended, charged again from the next', async () => {
    const loan = await activeLoanWithFigures();
    const spaces = breathingSpaceService(t.ctx);
    const start = addDays(loan.fundedOn, 2);
    await travelTo(t, start);
    expect((await spaces.start(loan.guid)).ok).toBe(true);
    // Where the loan stands says so, to the planned 60th day, then to the day it ended, then no more.
    expect(await stateOf(loan.authorization)).toEqual(['breathingSpace', addDays(start, 59)]);
    await travelTo(t, addDays(start, 5));
    const ended = addDays(start, 5);
    expect(await spaces.end(loan.guid)).toEqual({
      ok: true,
      lines: [
        `Breathing Space for ${loan.guid} ended: its last day is ${ended} (it began on ${start}).`,
        `From ${addDays(ended, 1)} the close of business applies interest, fees, collections and notices again.`,
        'Ended by staff:7.',
      ],
    });
    expect(await spaces.end(loan.guid)).toEqual({
      ok: false,
      message: `Application ${loan.guid} is not in a breathing space today (${ended}).`,
    });
    expect(await stateOf(loan.authorization)).toEqual(['breathingSpace', ended]);
    await travelTo(t, addDays(ended, 3));
    expect((await stateOf(loan.authorization))[0]).toBe('active');
    const interestDays = (await rowsOf(loan.applicationId))
      .filter((r) => r.type === 'interest')
      .map((r) => r.on_date);
    expect(interestDays).toEqual([addDays(loan.fundedOn, 1), addDays(ended, 1), addDays(ended, 2)]);
    expect((await moratoriumDecisions(loan.applicationId)).map((d) => d.kind)).toEqual([
      'breathing-space-started',
      'breathing-space-ended',
    ]);
  });

  it('recorded late (--from a day already closed): what was charged since is reversed', async () => {
    const loan = await activeLoanWithFigures();
    const today = addDays(t.ctx.businessDate.today(), 6);
    await travelTo(t, today);
    const from = addDays(today, -4);
    const charged = (await rowsOf(loan.applicationId)).filter(
      (r) => r.type === 'interest' && r.on_date >= from,
    );
    expect(charged.length).toBeGreaterThan(0);
    const sum = charged.reduce((s, r) => s + r.amount_pence, 0);
    const before = (await myAccountGet(t, 'GetTotalDue', loan.authorization)).json().object;

    const outcome = await breathingSpaceService(t.ctx).start(loan.guid, from);
    expect(outcome.ok && outcome.lines[2]).toBe(
      `Reversed ${charged.length} interest or fee posting(s) since ${from}: £${(sum / 100).toFixed(2)}.`,
    );
    const reversals = (await rowsOf(loan.applicationId)).filter((r) => r.type === 'reversal');
    expect(reversals.map((r) => r.reverses_id)).toEqual(charged.map((r) => r.id));
    // Postings a person made carry who made them.
    const reversalActors = await t.ctx.db
      .selectFrom('loan_transactions')
      .select('actor')
      .where('application_id', '=', loan.applicationId)
      .where('type', '=', 'reversal')
      .execute();
    expect(new Set(reversalActors.map((r) => r.actor))).toEqual(new Set(['staff:7']));
    expect((await myAccountGet(t, 'GetTotalDue', loan.authorization)).json().object).toBe(
      Math.round(before * 100 - sum) / 100,
    );
  });

  it('refuses with a clear message: an unknown application, a start before the payout or in the future', async () => {
    const spaces = breathingSpaceService(t.ctx);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await spaces.start(unknown)).toEqual({
      ok: false,
      message: `There is no application ${unknown}.`,
    });
    const loan = await activeLoanWithFigures();
    const today = t.ctx.businessDate.today();
    expect(await spaces.start(loan.guid, addDays(today, 1))).toEqual({
      ok: false,
      message: `A breathing space cannot start after today (${today}).`,
    });
    expect(await spaces.start(loan.guid, addDays(loan.fundedOn, -1))).toEqual({
      ok: false,
      message: `The loan was paid out on ${loan.fundedOn}: a breathing space cannot start before.`,
    });
  });
});
