import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { CreditReport, CreditSearchRequest, SharedRecord } from './credit-reference-agency';
import { CRA_SEARCH_TIMEOUT_MS, httpCreditReferenceAgency } from './http-credit-reference-agency';
import { fetchTransport, type ProviderCall, type ProviderTransport } from '../provider-transports';

/** An agency that is down, slow, failing once or talking nonsense: the adapter answers `unavailable`, never throws. */
const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function agencyAnswering(handler: http.RequestListener) {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const SEARCH: CreditSearchRequest = {
  type: 'application',
  applicant: {
    firstName: 'Ann',
    lastName: 'Smith',
    birthDate: '1990-04-01',
    addresses: [{ line1: '1 High Street', line2: null, town: 'Leeds', postcode: 'LS1 1AA', since: null }],
  },
  amountPence: 30_000,
  termMonths: 3,
  consentReference: 'app-1:application',
};

const REPORT: CreditReport = {
  reference: 'R-1',
  searchedAt: '2026-11-28T10:00:00.000Z',
  identity: {
    matchLevel: 'confirmed',
    electoralRoll: { registered: true, monthsAtAddress: 12 },
    deceased: false,
  },
  score: { value: 700, scorecard: 'S' },
  publicRecords: { ccjs: [], insolvencies: [] },
  accounts: [
    {
      type: 'current-account',
      openedOn: '2020-01-01',
      closedOn: null,
      balancePence: -1_200,
      monthlyPaymentPence: 0,
      statusHistory: ['0'],
      defaultedOn: null,
      arrangement: false,
    },
  ],
  searches: [],
  modelledMonthlyIncomePence: 180_000,
  reasonCodes: [],
};

/** A transport answering each call with the next of `answers` (the last one again once they run out). */
function scripted(answers: ({ status: number; body: string } | Error)[]) {
  const calls: ProviderCall[] = [];
  const transport: ProviderTransport = async (call) => {
    calls.push(call);
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { calls, transport };
}

const ok = (body: unknown) => ({ status: 200, body: JSON.stringify(body) });

describe('httpCreditReferenceAgency', () => {
  it('waits 5 s for a search by default', () => {
    expect(CRA_SEARCH_TIMEOUT_MS).toBe(5_000);
  });

  it('sends the key in the header and the search in the body, and reads the report', async () => {
    const { calls, transport } = scripted([ok(REPORT)]);
    const agency = httpCreditReferenceAgency({ key: 'the-key', transport });
    expect(await agency.search(SEARCH)).toEqual({ outcome: 'report', report: REPORT });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/v1/searches',
      headers: { authorization: 'Bearer the-key', 'content-type': 'application/json' },
    });
    expect(JSON.parse(calls[0]!.body!)).toEqual(SEARCH);
  });

  it('retries a search once after a server error, and takes the second answer', async () => {
    const { calls, transport } = scripted([{ status: 503, body: '{"error":"busy"}' }, ok(REPORT)]);
    const agency = httpCreditReferenceAgency({ key: 'k', transport });
    expect(await agency.search(SEARCH)).toEqual({ outcome: 'report', report: REPORT });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toBe(calls[0]!.body);
  });

  it('retries once only: two server errors are unavailable', async () => {
    const { calls, transport } = scripted([{ status: 500, body: '' }]);
    const agency = httpCreditReferenceAgency({ key: 'k', transport });
    expect(await agency.search(SEARCH)).toEqual({ outcome: 'unavailable', reason: 'HTTP 500' });
    expect(calls).toHaveLength(2);
  });

  it('retries particulars once after a network failure', async () => {
    const particulars = {
      name: 'Agency',
      postalAddress: ['PO Box 1', 'Town'],
      phone: '0115 496 0000',
      web: 'https://a.example',
    };
    const { calls, transport } = scripted([
      new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } }),
      ok(particulars),
    ]);
    const agency = httpCreditReferenceAgency({ key: 'k', transport });
    expect(await agency.agencyParticulars()).toEqual(particulars);
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/v1/particulars' });
  });

  it.each([
    ['a refusal of the key', { status: 401, body: '{"error":"key"}' }, 'HTTP 401'],
    ['a request the agency cannot read', { status: 400, body: '{"error":"bad"}' }, 'HTTP 400'],
    [
      'a page that is not JSON',
      { status: 200, body: '<html>maintenance</html>' },
      'an answer that is not JSON',
    ],
    [
      'a report without its reference',
      ok({ ...REPORT, reference: undefined }),
      'an answer outside the protocol',
    ],
    [
      'a match level outside the protocol',
      ok({ ...REPORT, identity: { ...REPORT.identity, matchLevel: 'maybe' } }),
      'an answer outside the protocol',
    ],
    [
      'a CCJ dated on no calendar day',
      ok({
        ...REPORT,
        publicRecords: {
          ccjs: [{ amountPence: 1, registeredOn: '2026-02-30', satisfiedOn: null }],
          insolvencies: [],
        },
      }),
      'an answer outside the protocol',
    ],
    [
      'a payment in pounds with a fraction',
      ok({ ...REPORT, accounts: [{ ...REPORT.accounts[0], monthlyPaymentPence: 12.5 }] }),
      'an answer outside the protocol',
    ],
  ])('does not retry %s, and is unavailable', async (_name, answer, reason) => {
    const { calls, transport } = scripted([answer, ok(REPORT)]);
    const agency = httpCreditReferenceAgency({ key: 'k', transport });
    expect(await agency.search(SEARCH)).toEqual({ outcome: 'unavailable', reason });
    expect(calls).toHaveLength(1);
  });

  it('gives up on an agency silent past the budget, without retrying', async () => {
    let asked = 0;
    const url = await agencyAnswering(() => {
      asked++;
    });
    const agency = httpCreditReferenceAgency({ key: 'k', transport: fetchTransport(url), timeoutMs: 200 });
    const started = performance.now();
    expect(await agency.search(SEARCH)).toEqual({
      outcome: 'unavailable',
      reason: 'no answer within 200 ms',
    });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(asked).toBe(1);
  });

  it('keeps the retry inside the budget: the applicant never waits past it', async () => {
    let asked = 0;
    const url = await agencyAnswering((_req, res) => {
      // The first answer is a fault after most of the budget; the retry is never answered.
      if (++asked === 1) setTimeout(() => res.writeHead(502).end(), 150);
    });
    const agency = httpCreditReferenceAgency({ key: 'k', transport: fetchTransport(url), timeoutMs: 300 });
    const started = performance.now();
    expect(await agency.search(SEARCH)).toEqual({
      outcome: 'unavailable',
      reason: 'no answer within 300 ms',
    });
    expect(performance.now() - started).toBeLessThan(700);
    expect(asked).toBe(2);
  });

  it('reports an agency that is not there as unavailable after one retry', async () => {
    const url = await agencyAnswering(() => {});
    const server = servers.pop()!;
    await new Promise((resolve) => server.close(resolve));
    const agency = httpCreditReferenceAgency({ key: 'k', transport: fetchTransport(url) });
    expect(await agency.search(SEARCH)).toEqual({
      outcome: 'unavailable',
      reason: 'no answer (ECONNREFUSED)',
    });
  });

  it('does not follow a redirect (it would carry the key elsewhere), nor retry it', async () => {
    let asked = 0;
    const url = await agencyAnswering((_req, res) => {
      asked++;
      res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' }).end();
    });
    const agency = httpCreditReferenceAgency({ key: 'k', transport: fetchTransport(url) });
    expect(await agency.search(SEARCH)).toEqual({
      outcome: 'unavailable',
      reason: 'no answer (unexpected redirect)',
    });
    expect(asked).toBe(1);
  });

  it('submits records and reads the receipt, rejected records by their eventId, without retrying', async () => {
    const { calls, transport } = scripted([
      ok({
        receiptId: 'RC-1',
        accepted: 1,
        rejected: [{ recordId: 'ev-2', reason: 'balancePence: too small' }],
      }),
    ]);
    const agency = httpCreditReferenceAgency({ key: 'k', transport });
    const records = [{ eventId: 'ev-1' }, { eventId: 'ev-2' }] as unknown as SharedRecord[];
    expect(await agency.submit(records)).toEqual({
      outcome: 'receipt',
      receiptId: 'RC-1',
      accepted: 1,
      rejected: [{ eventId: 'ev-2', reason: 'balancePence: too small' }],
    });
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/v1/records' });
    expect(JSON.parse(calls[0]!.body!)).toEqual({ records });

    const failing = scripted([{ status: 503, body: '' }]);
    const down = httpCreditReferenceAgency({ key: 'k', transport: failing.transport });
    expect(await down.submit(records)).toEqual({ outcome: 'unavailable', reason: 'HTTP 503' });
    expect(await down.submitMonthly('2026-10', 'H...\n')).toEqual({
      outcome: 'unavailable',
      reason: 'HTTP 503',
    });
    expect(failing.calls).toHaveLength(2);
  });

  it('sends the monthly file as text to its month', async () => {
    const { calls, transport } = scripted([ok({ receiptId: 'RC-2', accepted: 0, rejected: [] })]);
    const agency = httpCreditReferenceAgency({ key: 'k', transport });
    expect(await agency.submitMonthly('2026-10', 'the file\n')).toMatchObject({
      outcome: 'receipt',
      receiptId: 'RC-2',
    });
    expect(calls[0]).toMatchObject({
      path: '/v1/monthly/2026-10',
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: 'the file\n',
    });
  });

  it('reads a receipt outside the protocol as unavailable', async () => {
    const { transport } = scripted([ok({ receiptId: 'RC-3', accepted: -1, rejected: [] })]);
    const agency = httpCreditReferenceAgency({ key: 'k', transport });
    expect(await agency.submit([])).toEqual({
      outcome: 'unavailable',
      reason: 'an answer outside the protocol',
    });
  });
});
