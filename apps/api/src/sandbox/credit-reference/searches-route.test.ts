import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths } from '@lender/contract/dates';
import { SANDBOX_AGENCY } from './particulars';
import { registerCreditReferenceSandbox } from './register-sandbox';
import { callCraSandbox, createCraSandboxServer, craSearchesFor } from './test-support';

let server: Awaited<ReturnType<typeof createCraSandboxServer>>;
beforeAll(async () => {
  server = await createCraSandboxServer({ slowpokeMs: 150 });
});
afterAll(() => server?.close());

const searchBody = (lastName: string, overrides: Record<string, unknown> = {}) => ({
  type: 'quotation',
  applicant: {
    firstName: 'Ann',
    lastName,
    birthDate: '1990-04-01',
    addresses: [{ line1: '1 High Street', line2: null, town: 'Leeds', postcode: 'LS1 1AA', since: null }],
  },
  amountPence: 30_000,
  termMonths: 1,
  consentReference: 'app-1:quotation',
  ...overrides,
});

const search = (body: object, key?: string) =>
  callCraSandbox(server.app, { path: '/v1/searches', payload: body }, key);

describe('POST /v1/searches', () => {
  it("dates a file from the lender's business date, and follows it when staff move it", async () => {
    const before = await server.today();
    const first = (await search(searchBody('Judgement'))).json();
    expect(first.publicRecords.ccjs[0].registeredOn).toBe(addMonths(before, -6));

    const later = addDays(before, 40);
    await server.db
      .insertInto('app_settings')
      .values({ key: 'business_date', value: later, updated_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: later }))
      .execute();
    const moved = (await search(searchBody('Judgement', { type: 'application' }))).json();
    expect(moved.publicRecords.ccjs[0].registeredOn).toBe(addMonths(later, -6));
    expect((await craSearchesFor(server.db, 'judgement')).slice(-2)).toEqual([
      expect.objectContaining({ type: 'quotation', searchedOn: before }),
      expect.objectContaining({ type: 'application', searchedOn: later }),
    ]);
  });

  it('holds a Slowpoke past its time, then answers 504', async () => {
    const started = performance.now();
    const res = await search(searchBody('Slowpoke'));
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(res.statusCode).toBe(504);
    expect(res.json()).toEqual({ error: 'The agency did not answer in time.' });
  });

  it.each([
    ['no authorization', undefined],
    ['a wrong key', 'Bearer not-the-key'],
    ['the key without Bearer', 'credit-reference-sandbox-key'],
  ])('refuses %s with 401, searching nothing', async (_name, authorization) => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/sandbox/credit-reference/v1/searches',
      headers: authorization ? { authorization } : {},
      payload: searchBody('Unauthorised'),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'The key is not valid.' });
    expect(await craSearchesFor(server.db, 'Unauthorised')).toEqual([]);
  });

  it.each([
    ['a type outside the protocol', { type: 'peek' }],
    ['no address', { applicant: { ...searchBody('Refused').applicant, addresses: [] } }],
    [
      'a birth date on no calendar day',
      { applicant: { ...searchBody('Refused').applicant, birthDate: '1990-02-30' } },
    ],
    ['pence with a fraction', { amountPence: 300.5 }],
  ])('answers 400 for %s, searching nothing', async (_name, change) => {
    const res = await search(searchBody('Refused', change));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The request does not fit the protocol.' });
    expect(await craSearchesFor(server.db, 'Refused')).toEqual([]);
  });
});

describe('GET /v1/particulars', () => {
  it("answers the fictional agency's name, address, phone and web page", async () => {
    const res = await callCraSandbox(server.app, { method: 'GET', path: '/v1/particulars' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SANDBOX_AGENCY);
    expect(SANDBOX_AGENCY.web).toMatch(/^https:\/\/[^/]+\.example\//);
  });
});

describe('the sandbox as an outside service', () => {
  it('keeps every one of its routes out of the API document', async () => {
    const app = Fastify();
    await app.register(swagger, { openapi: { info: { title: 't', version: '1' } } });
    app.get('/api/visible', async () => ({}));
    await registerCreditReferenceSandbox(app, { db: server.db, key: 'k', today: server.today });
    await app.ready();
    expect(Object.keys(app.swagger().paths ?? {})).toEqual(['/api/visible']);
    await app.close();
  });
});
