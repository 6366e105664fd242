import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths } from '@lender/contract/dates';
import { SANDBOX_AGENCY } from '../../sandbox/credit-reference/particulars';
import {
  createCraSandboxServer,
  craSearchesFor,
  CRA_SANDBOX_KEY,
} from '../../sandbox/credit-reference/test-support';
import { createCreditReferenceAgency } from './create-credit-reference-agency';
import type { CreditReferenceAgency, CreditReport, CreditSearchRequest } from './credit-reference-agency';

/** The adapter against the real built-in sandbox: each test applicant's file, in process and over a port. */
let server: Awaited<ReturnType<typeof createCraSandboxServer>>;
let agency: CreditReferenceAgency;
let today: string;
beforeAll(async () => {
  // Slowpoke is held a second here rather than six: longer than the adapter's 300 ms below.
  server = await createCraSandboxServer({ slowpokeMs: 1_000 });
  agency = createCreditReferenceAgency({ key: CRA_SANDBOX_KEY }, server.app);
  today = await server.today();
});
afterAll(() => server?.close());

let applicantCount = 0;
/** A search of a surname; each test's applicants are told apart by first name, which the files ignore. */
const searchOf = (
  lastName: string,
  type: CreditSearchRequest['type'] = 'quotation',
): CreditSearchRequest => ({
  type,
  applicant: {
    firstName: `Ann${++applicantCount}`,
    lastName,
    birthDate: '1990-04-01',
    addresses: [
      { line1: '1 High Street', line2: null, town: 'Leeds', postcode: 'LS1 1AA', since: '2020-01-01' },
    ],
  },
  amountPence: 30_000,
  termMonths: 3,
  consentReference: `application-${applicantCount}:${type}`,
});

async function reportOf(lastName: string): Promise<CreditReport> {
  const result = await agency.search(searchOf(lastName));
  if (result.outcome !== 'report') throw new Error(`no report: ${result.reason}`);
  return result.report;
}

const ORDINARY_ACCOUNTS = () => [
  expect.objectContaining({
    type: 'current-account',
    closedOn: null,
    monthlyPaymentPence: 0,
    arrangement: false,
  }),
  expect.objectContaining({
    type: 'credit-card',
    balancePence: 42_000,
    monthlyPaymentPence: 2_500,
    arrangement: false,
  }),
];

describe('createCreditReferenceAgency with the built-in sandbox (in process)', () => {
  it('answers any other surname with a clean file, with a fresh reference each search', async () => {
    const first = await reportOf('Smith');
    expect(first).toEqual({
      reference: expect.stringMatching(/^SBX-[0-9A-F]{16}$/),
      searchedAt: expect.any(String),
      identity: {
        matchLevel: 'confirmed',
        electoralRoll: { registered: true, monthsAtAddress: 48 },
        deceased: false,
      },
      score: { value: 720, scorecard: expect.any(String) },
      publicRecords: { ccjs: [], insolvencies: [] },
      accounts: ORDINARY_ACCOUNTS(),
      searches: [],
      modelledMonthlyIncomePence: null,
      reasonCodes: [],
    });
    expect(first.accounts.every((a) => a.statusHistory.every((s) => s === '0'))).toBe(true);
    const again = await reportOf('Smith');
    expect(again.reference).not.toBe(first.reference);
  });

  it('answers a Thinfile: on the roll under 12 months, no accounts, no score', async () => {
    const report = await reportOf('Thinfile');
    expect(report.identity).toEqual({
      matchLevel: 'confirmed',
      electoralRoll: { registered: true, monthsAtAddress: 7 },
      deceased: false,
    });
    expect(report.score).toBeNull();
    expect(report.accounts).toEqual([]);
    expect(report.publicRecords).toEqual({ ccjs: [], insolvencies: [] });
  });

  it('answers a Judgement (any case) with an unsatisfied CCJ of £640 registered 6 months before the business date', async () => {
    const report = await reportOf('JUDGEMENT');
    expect(report.publicRecords).toEqual({
      ccjs: [{ amountPence: 64_000, registeredOn: addMonths(today, -6), satisfiedOn: null }],
      insolvencies: [],
    });
    expect(report.identity.matchLevel).toBe('confirmed');
  });

  it('answers an Insolvent with an active IVA', async () => {
    const report = await reportOf('insolvent');
    expect(report.publicRecords.insolvencies).toEqual([
      { type: 'iva', status: 'active', startedOn: addMonths(today, -14) },
    ]);
    expect(report.publicRecords.ccjs).toEqual([]);
  });

  it('answers a Stacker with 3 open HCSTC loans and 5 HCSTC searches in the last 30 days', async () => {
    const report = await reportOf('Stacker');
    const hcstc = report.accounts.filter((a) => a.type === 'hcstc');
    expect(hcstc).toHaveLength(3);
    expect(hcstc.every((a) => a.closedOn === null && a.openedOn > addDays(today, -30))).toBe(true);
    expect(report.searches).toHaveLength(5);
    expect(
      report.searches.every(
        (s) => s.industry === 'hcstc' && s.searchedOn >= addDays(today, -30) && s.searchedOn < today,
      ),
    ).toBe(true);
  });

  it('answers a Mismatch with no identity match', async () => {
    const report = await reportOf('Mismatch');
    expect(report.identity).toEqual({
      matchLevel: 'none',
      electoralRoll: { registered: false, monthsAtAddress: null },
      deceased: false,
    });
  });

  it('answers an Arrangement with a credit card under an arrangement to pay £85 a month', async () => {
    const report = await reportOf('Arrangement');
    expect(report.accounts.filter((a) => a.arrangement)).toEqual([
      expect.objectContaining({
        type: 'credit-card',
        monthlyPaymentPence: 8_500,
        defaultedOn: null,
        closedOn: null,
      }),
    ]);
    expect(report.accounts.reduce((sum, a) => sum + a.monthlyPaymentPence, 0)).toBe(8_500);
  });

  it('gives up on a Slowpoke within its time, and the search still left its footprint', async () => {
    const impatient = createCreditReferenceAgency({ key: CRA_SANDBOX_KEY }, server.app, { timeoutMs: 300 });
    const started = performance.now();
    expect(await impatient.search(searchOf('Slowpoke', 'application'))).toEqual({
      outcome: 'unavailable',
      reason: 'no answer within 300 ms',
    });
    expect(performance.now() - started).toBeLessThan(900);
    expect((await craSearchesFor(server.db, 'slowpoke')).at(-1)).toMatchObject({ type: 'application' });
  });

  it('keeps every search with its type, to be counted by surname', async () => {
    await agency.search(searchOf('Counted', 'quotation'));
    await agency.search(searchOf('counted', 'application'));
    await agency.search(searchOf('COUNTED', 'application'));
    expect(await craSearchesFor(server.db, 'Counted')).toEqual([
      expect.objectContaining({
        type: 'quotation',
        searchedOn: today,
        reference: expect.stringMatching(/^SBX-/),
      }),
      expect.objectContaining({ type: 'application', searchedOn: today }),
      expect.objectContaining({ type: 'application', searchedOn: today }),
    ]);
  });

  it("answers the fictional agency's particulars", async () => {
    expect(await agency.agencyParticulars()).toEqual(SANDBOX_AGENCY);
  });

  it('is unavailable with a wrong key (401), and the search is not made', async () => {
    const intruder = createCreditReferenceAgency({ key: 'not-the-key' }, server.app);
    expect(await intruder.search(searchOf('Intruded'))).toEqual({
      outcome: 'unavailable',
      reason: 'HTTP 401',
    });
    expect(await intruder.agencyParticulars()).toEqual({ outcome: 'unavailable', reason: 'HTTP 401' });
    expect(await intruder.submit([])).toEqual({ outcome: 'unavailable', reason: 'HTTP 401' });
    expect(await craSearchesFor(server.db, 'Intruded')).toEqual([]);
  });

  it('is unavailable for a request outside the protocol (400)', async () => {
    const bad = { ...searchOf('Smith'), amountPence: 0 };
    expect(await agency.search(bad)).toEqual({ outcome: 'unavailable', reason: 'HTTP 400' });
  });
});

describe('createCreditReferenceAgency with a url (over the network)', () => {
  it('speaks the same protocol to the sandbox on a listening port', async () => {
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = server.app.server.address() as AddressInfo;
    const remote = createCreditReferenceAgency(
      { url: `http://127.0.0.1:${port}/sandbox/credit-reference/`, key: CRA_SANDBOX_KEY },
      server.app,
      { timeoutMs: 300 },
    );
    const result = await remote.search(searchOf('Judgement', 'application'));
    expect(result).toMatchObject({
      outcome: 'report',
      report: { publicRecords: { ccjs: [{ amountPence: 64_000 }] } },
    });
    expect(await remote.agencyParticulars()).toEqual(SANDBOX_AGENCY);
    expect(await remote.search(searchOf('Slowpoke'))).toEqual({
      outcome: 'unavailable',
      reason: 'no answer within 300 ms',
    });
  });
});
