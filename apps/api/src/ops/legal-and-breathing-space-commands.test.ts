import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeLoan, defaultedPastRemedy } from '../test/live-loan';
import { createTestApp, type TestApp } from '../test/test-app';
import { COMMANDS, type Output } from './commands';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/**
 * `npm run ops -- <argv>` in process, on the test's database: what it printed, or the message it fails
 * with (which cli.ts prints before exiting 1; cli.test.ts runs that part as staff do).
 */
async function ops(...argv: string[]) {
  const lines: string[] = [];
  const out: Output = { line: (text) => lines.push(text), table: (rows) => lines.push(JSON.stringify(rows)) };
  const [name, ...args] = argv;
  try {
    await COMMANDS[name!]!.run(t.ctx, args, out);
    return { lines, error: null };
  } catch (err) {
    return { lines, error: err instanceof Error ? err.message : String(err) };
  }
}

/** Everything a legal or breathing-space command may change for the application. */
async function stateOf(guid: string) {
  const app = await t.ctx.db
    .selectFrom('applications')
    .innerJoin('customers', 'customers.id', 'applications.customer_id')
    .select(['applications.id', 'customers.is_legal'])
    .where('applications.guid', '=', guid)
    .executeTakeFirstOrThrow();
  const letters = t.ctx.db.selectFrom('pre_claim_letters').selectAll();
  const spaces = t.ctx.db.selectFrom('breathing_spaces').selectAll();
  const decisions = t.ctx.db.selectFrom('application_decisions').selectAll();
  return {
    isLegal: app.is_legal,
    letters: await letters.where('application_id', '=', app.id).orderBy('id').execute(),
    spaces: await spaces.where('application_id', '=', app.id).orderBy('id').execute(),
    decisions: await decisions.where('application_id', '=', app.id).orderBy('id').execute(),
    audit: await t.ctx.db.selectFrom('audit_events').selectAll().orderBy('id').execute(),
  };
}

/** Each `[argv, what was wrong]` fails with that and the usage, prints nothing and changes nothing. */
async function expectRefused(guid: string, usage: string, cases: [string[], string][]) {
  const before = await stateOf(guid);
  for (const [argv, why] of cases) {
    const result = await ops(...argv);
    expect(result.lines, argv.join(' ')).toEqual([]);
    expect(result.error, argv.join(' ')).toContain(why);
    expect(result.error, argv.join(' ')).toContain(usage);
  }
  expect(await stateOf(guid)).toEqual(before);
}

const LEGAL_USAGE = 'Usage: npm run ops -- legal list | legal show <appGuid>';
const SPACE_USAGE = 'Usage: npm run ops -- breathing-space <appGuid> start [--from yyyy-mm-dd]';

describe('npm run ops -- legal', () => {
  let guid: string;
  beforeAll(async () => {
    guid = (await defaultedPastRemedy(t)).guid;
  });

  it('refuses to flag a loan not in default (s87(1)), saying why, and changes nothing', async () => {
    const upToDate = (await activeLoan(t)).guid;
    const before = await stateOf(upToDate);
    expect(await ops('legal', upToDate, 'on')).toEqual({
      lines: [],
      error: `${upToDate}: The loan is not in default: a Letter of Claim for the whole balance needs a default notice whose remedy date has passed (Consumer Credit Act 1974 s87(1), s88(2)).`,
    });
    expect(await stateOf(upToDate)).toEqual(before);
  });

  it('refuses bad arguments to every form with what was wrong and the usage, flagging nothing', async () => {
    await expectRefused(guid, LEGAL_USAGE, [
      [['legal'], 'Name an action: list, show, close, or an application and on or off.'],
      [['legal', 'list', 'extra'], 'Unexpected: extra.'],
      [['legal', 'list', '--until', 'x'], "Unknown option '--until'"],
      [['legal', 'show'], 'Name the application.'],
      [['legal', 'show', 'not-a-guid'], 'Not an application guid: not-a-guid.'],
      [['legal', 'show', guid, '--reason', 'x'], '--reason goes with legal close only.'],
      [['legal', 'close'], 'Name the application.'],
      [['legal', guid], 'Say on or off.'],
      [['legal', guid, 'maybe'], 'Unknown action: maybe. Use on or off.'],
      [['legal', guid, 'on', 'now'], 'Unexpected: now.'],
      [['legal', guid, 'on', '--reason', 'arrears'], '--reason goes with legal close only.'],
      [['legal', 'frobnicate', 'on'], 'Not an application guid: frobnicate.'],
    ]);
  });

  it('flags an account (issuing its letter), lists and shows it, closes the letter and unflags it', async () => {
    expect(await ops('legal', 'list')).toEqual({ lines: ['0 account(s) flagged legal.'], error: null });

    const on = await ops('legal', guid, 'on');
    expect(on.error).toBeNull();
    expect(on.lines).toEqual([
      `${guid}: the account is flagged legal (Pre Claim shows from the customer's next sign-in).`,
      expect.stringMatching(/^Letter of Claim issued for £[\d,]+\.\d\d; reply by \d{4}-\d\d-\d\d\.$/),
    ]);
    const flagged = await stateOf(guid);
    expect(flagged.isLegal).toBeTruthy();
    expect(flagged.letters).toEqual([expect.objectContaining({ state: 'open', issued_by: 'ops' })]);

    const list = await ops('legal', 'list');
    expect(list.lines[0]).toBe('1 account(s) flagged legal.');
    expect(list.lines[1]).toMatch(new RegExp(`^${guid}  .+  waiting for a reply by \\d{4}-\\d\\d-\\d\\d$`));

    const show = await ops('legal', 'show', guid);
    expect(show.error).toBeNull();
    expect(show.lines[0]).toMatch(new RegExp(`^${guid}  .+  flagged legal$`));
    expect(show.lines[1]).toMatch(/^Flag turned on by ops at /);
    expect(show.lines[2]).toMatch(/^Letter of Claim \d+ of .+, issued by ops: £/);

    // Bad arguments to close and off leave the open letter and the flag as they are.
    await expectRefused(guid, LEGAL_USAGE, [
      [['legal', 'close', guid, '--reason'], "'--reason <value>' argument missing"],
      [['legal', 'close', guid, '--reason', '  '], '--reason needs the reason in words.'],
      [['legal', 'close', guid, 'paid'], 'Unexpected: paid.'],
      [['legal', guid, 'off', '--reason', 'paid'], '--reason goes with legal close only.'],
    ]);

    const letterId = flagged.letters[0]!.id;
    expect(await ops('legal', 'close', guid, '--reason', ' Paid in full ')).toEqual({
      lines: [`${guid}: Letter of Claim ${letterId} closed (Paid in full).`],
      error: null,
    });
    expect((await stateOf(guid)).letters).toEqual([
      expect.objectContaining({ state: 'closed', closed_reason: 'Paid in full', closed_by: 'ops' }),
    ]);

    expect(await ops('legal', guid, 'off')).toEqual({
      lines: [`${guid}: the account is no longer flagged legal; any letter in progress is closed.`],
      error: null,
    });
    expect((await stateOf(guid)).isLegal).toBeFalsy();
    expect((await ops('legal', 'show', guid)).lines[1]).toMatch(/^Flag turned off by ops at /);
  });

  it('answers an application it does not know with its message, changing nothing', async () => {
    const unknown = randomUUID();
    for (const argv of [
      ['legal', unknown, 'on'],
      ['legal', 'show', unknown],
      ['legal', 'close', unknown],
    ]) {
      expect(await ops(...argv)).toEqual({ lines: [], error: `There is no application ${unknown}.` });
    }
  });
});

describe('npm run ops -- breathing-space', () => {
  let guid: string;
  beforeAll(async () => {
    guid = (await activeLoan(t)).guid;
  });

  const refusals = (): [string[], string][] => [
    [['breathing-space'], 'Name the application and start or end.'],
    [['breathing-space', guid], 'Name the application and start or end.'],
    [['breathing-space', 'nope', 'start'], 'Not an application guid: nope.'],
    [['breathing-space', guid, 'pause'], 'Unknown action: pause. Use start or end.'],
    [['breathing-space', guid, 'start', 'now'], 'Unexpected: now.'],
    [['breathing-space', guid, 'start', '--from'], "'--from <value>' argument missing"],
    [
      ['breathing-space', guid, 'start', '--from', '20-11-2026'],
      '--from needs a date as yyyy-mm-dd, not 20-11-2026.',
    ],
    [['breathing-space', guid, 'start', '--until', '2026-11-20'], "Unknown option '--until'"],
    [['breathing-space', guid, 'end', '--from', '2026-11-20'], 'Unexpected: --from 2026-11-20.'],
  ];

  it('refuses bad arguments to start and end with what was wrong and the usage, recording nothing', async () => {
    await expectRefused(guid, SPACE_USAGE, refusals());
  });

  it('starts one from a date, and ends it, printing what it recorded and who did', async () => {
    const today = t.ctx.businessDate.today();
    const started = await ops('breathing-space', guid, 'start', '--from', today);
    expect(started.error).toBeNull();
    expect(started.lines[0]).toMatch(
      new RegExp(
        `^Breathing Space recorded for ${guid} \\(loan \\d+\\): ${today} to \\d{4}-\\d\\d-\\d\\d \\(60 days\\)\\.$`,
      ),
    );
    expect(started.lines.at(-1)).toBe('Recorded by ops.');
    expect((await stateOf(guid)).spaces.at(-1)).toEqual(
      expect.objectContaining({ started_on: today, ended_on: null }),
    );
    // Bad arguments while it runs neither end it nor start another.
    await expectRefused(guid, SPACE_USAGE, refusals());

    const ended = await ops('breathing-space', guid, 'end');
    expect(ended.error).toBeNull();
    expect(ended.lines[0]).toMatch(new RegExp(`^Breathing Space for ${guid} ended: its last day is `));
    expect(ended.lines.at(-1)).toBe('Ended by ops.');
    expect((await stateOf(guid)).spaces.at(-1)?.ended_on).not.toBeNull();
  });

  it('answers an application it does not know with its message, recording nothing', async () => {
    const unknown = randomUUID();
    expect(await ops('breathing-space', unknown, 'start')).toEqual({
      lines: [],
      error: `There is no application ${unknown}.`,
    });
    expect(await ops('breathing-space', unknown, 'end')).toEqual({
      lines: [],
      error: `There is no application ${unknown}.`,
    });
  });
});
