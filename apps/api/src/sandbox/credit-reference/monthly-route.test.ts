import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callCraSandbox,
  createCraSandboxServer,
  craMonthlyLinesReceived,
  craRejections,
} from './test-support';

let server: Awaited<ReturnType<typeof createCraSandboxServer>>;
beforeAll(async () => {
  server = await createCraSandboxServer();
});
afterAll(() => server?.close());

/** Fields written from the protocol page's tables: text left-aligned, numbers zero-padded. */
const text = (value: string, len: number) => value.padEnd(len, ' ').slice(0, len);
const num = (value: number, len: number) => String(value).padStart(len, '0');

const header = (month: string, member = 'LENDER0001', madeOn = '20261101') =>
  `H${text(member, 10)}${month.replace('-', '')}${madeOn}${' '.repeat(175)}`;

type Account = {
  ref: string;
  opened: string;
  original: number;
  balance: number | string;
  payment: number;
  status: string;
  arrangement: string;
  defaulted: string;
  closed: string;
  surname: string;
  forename: string;
  dob: string;
  line1: string;
  town: string;
  postcode: string;
};
const ACCOUNT: Account = {
  ref: 'KL0001001',
  opened: '20261002',
  original: 30_000,
  balance: 18_000,
  payment: 12_000,
  status: '0',
  arrangement: 'N',
  defaulted: '',
  closed: '',
  surname: 'SMITH',
  forename: 'ANN',
  dob: '19900401',
  line1: '1 HIGH STREET',
  town: 'LEEDS',
  postcode: 'LS1 1AA',
};
function account(overrides: Partial<Account> = {}) {
  const a = { ...ACCOUNT, ...overrides };
  return [
    'A',
    text(a.ref, 20),
    text(a.opened, 8),
    num(a.original, 10),
    typeof a.balance === 'number' ? num(a.balance, 10) : text(a.balance, 10),
    num(a.payment, 10),
    a.status,
    a.arrangement,
    text(a.defaulted, 8),
    text(a.closed, 8),
    text(a.surname, 30),
    text(a.forename, 30),
    text(a.dob, 8),
    text(a.line1, 30),
    text(a.town, 17),
    text(a.postcode, 8),
  ].join('');
}
const trailer = (count: number, sum: number) => `T${num(count, 8)}${num(sum, 14)}${' '.repeat(177)}`;

const fileOf = (month: string, lines: string[], trailerLine = trailer(lines.length, 18_000 * lines.length)) =>
  [header(month), ...lines, trailerLine].map((l) => `${l}\n`).join('');

const send = (month: string, file: string, key?: string) =>
  callCraSandbox(
    server.app,
    { path: `/v1/monthly/${month}`, payload: file, contentType: 'text/plain; charset=utf-8' },
    key,
  );

describe('the layout as this test writes it', () => {
  it('makes lines of exactly 200 characters', () => {
    expect([header('2026-10'), account(), trailer(1, 1)].map((l) => l.length)).toEqual([200, 200, 200]);
  });
});

describe('POST /v1/monthly/:month', () => {
  it('accepts a well-formed file and stores each account line under the receipt', async () => {
    const lines = [
      account(),
      account({ ref: 'KL0001002', status: 'D', defaulted: '20261015' }),
      account({ ref: 'KL0001003', status: 'S', closed: '20261020', arrangement: 'Y' }),
    ];
    const res = await send('2026-10', fileOf('2026-10', lines));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ receiptId: expect.stringMatching(/^RCPT-/), accepted: 3, rejected: [] });
    expect(await craMonthlyLinesReceived(server.db, '2026-10')).toEqual([
      {
        receiptId: res.json().receiptId,
        lineNumber: 2,
        accountReference: 'KL0001001',
        status: '0',
        balancePence: 18_000,
        line: lines[0],
      },
      expect.objectContaining({ lineNumber: 3, accountReference: 'KL0001002', status: 'D' }),
      expect.objectContaining({ lineNumber: 4, accountReference: 'KL0001003', status: 'S' }),
    ]);
  });

  it.each([
    ['a date that is not a calendar date', { opened: '20260230' }, 'open date is not a calendar date'],
    ['a letter in a number', { payment: 0, balance: '00001800O0' }, 'balance is not a zero-padded number'],
    ['a status outside the list', { status: 'X' }, "status 'X' is not 0-6, D or S"],
    ['a D status without a default date', { status: 'D' }, 'status D without a default date'],
    ['an empty surname', { surname: '' }, 'surname is empty'],
    ['a lower-case surname', { surname: 'Smith' }, 'surname is not upper case'],
    ['an arrangement flag outside Y/N', { arrangement: 'X' }, 'arrangement flag'],
  ])('rejects a line with %s, taking the others', async (_name, change, reason) => {
    const month = '2026-09';
    const before = await craMonthlyLinesReceived(server.db, month);
    const lines = [account(), account({ ref: 'KL0009999', ...change })];
    // A balance that is no number is left out of the sum, as the agency adds it.
    const sum = 'balance' in change ? 18_000 : 36_000;
    const res = await send(month, fileOf(month, lines, trailer(2, sum)));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      receiptId: expect.any(String),
      accepted: 1,
      rejected: [{ recordId: 'line 3', reason: expect.stringContaining(reason) }],
    });
    const after = await craMonthlyLinesReceived(server.db, month);
    expect(after.slice(before.length)).toEqual([
      expect.objectContaining({ accountReference: 'KL0001001', lineNumber: 2 }),
    ]);
    expect((await craRejections(server.db, { month })).at(-1)).toEqual({
      receiptId: res.json().receiptId,
      source: 'monthly',
      month,
      recordId: 'line 3',
      reason: expect.stringContaining(reason),
    });
  });

  it('rejects a line of the wrong length', async () => {
    const res = await send('2026-09', fileOf('2026-09', [account(), `${account()} `]));
    expect(res.json()).toMatchObject({
      accepted: 1,
      rejected: [{ recordId: 'line 3', reason: 'the line is 201 characters, not 200' }],
    });
  });

  it.each([
    [
      'a header of another month',
      (lines: string[]) => fileOf('2026-07', lines),
      'line 1',
      "header: month '202607'",
    ],
    [
      'a header with another member number',
      (lines: string[]) =>
        [header('2026-08', 'LENDER0002'), ...lines, trailer(1, 18_000)].map((l) => `${l}\n`).join(''),
      'line 1',
      'member number',
    ],
    [
      'no header',
      (lines: string[]) => [...lines, trailer(1, 18_000)].map((l) => `${l}\n`).join(''),
      'line 1',
      'not a header',
    ],
    [
      'a trailer whose count is wrong',
      (lines: string[]) => fileOf('2026-08', lines, trailer(2, 18_000)),
      'line 3',
      'the count 2 is not the 1 account lines',
    ],
    [
      'a trailer whose sum is wrong',
      (lines: string[]) => fileOf('2026-08', lines, trailer(1, 18_001)),
      'line 3',
      'the sum 18001 is not the 18000',
    ],
    [
      'no trailer',
      (lines: string[]) => [header('2026-08'), ...lines].map((l) => `${l}\n`).join(''),
      'line 2',
      'not a trailer',
    ],
    [
      'no newline after the trailer',
      (lines: string[]) => fileOf('2026-08', lines).slice(0, -1),
      'line 3',
      'does not end with a newline',
    ],
    ['an empty file', () => '', 'line 1', 'the file is empty'],
  ])('rejects the whole file for %s, storing no line', async (_name, build, line, reason) => {
    const month = '2026-08';
    const res = await send(month, build([account()]));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      receiptId: expect.any(String),
      accepted: 0,
      rejected: [{ recordId: line, reason: expect.stringContaining(reason) }],
    });
    expect(await craMonthlyLinesReceived(server.db, month)).toEqual([]);
    expect(
      (await craRejections(server.db, { month })).filter((r) => r.receiptId === res.json().receiptId),
    ).toEqual([expect.objectContaining({ recordId: line })]);
  });

  it('answers 400 for a month that is not yyyy-mm, and 401 for a wrong key', async () => {
    expect((await send('2026-13', fileOf('2026-10', [account()]))).statusCode).toBe(400);
    const refused = await send('2026-06', fileOf('2026-06', [account()]), 'not-the-key');
    expect(refused.statusCode).toBe(401);
    expect(await craMonthlyLinesReceived(server.db, '2026-06')).toEqual([]);
  });
});
