import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@lender/contract/dates';
import {
  consentFormFields,
  createObSandboxServer,
  fixtureAccounts,
  injectUrlOf,
  OB_TEST_BASE_URL,
  OB_TEST_REDIRECT,
  postConsentForm,
  redirectQuery,
  sandboxAdapter,
} from '../../sandbox/open-banking/test-support';
import type { SandboxBankCustomer } from '../../sandbox/open-banking/sandbox-customers';
import { CONSENT_PERMISSIONS, type AccountInformation } from './account-information';
import type { ProviderCall } from '../provider-transports';
import { injectTransport } from '../provider-transports';

/** The adapter against the real built-in sandbox bank, in process: the whole consent journey. */
let server: Awaited<ReturnType<typeof createObSandboxServer>>;
let bank: AccountInformation;
let today: string;
const calls: ProviderCall[] = [];
beforeAll(async () => {
  server = await createObSandboxServer();
  const inject = injectTransport(server.app, '/sandbox/open-banking');
  bank = sandboxAdapter(server.app, {
    transport: (call) => {
      calls.push(call);
      return inject(call);
    },
  });
  today = await server.today();
});
afterAll(() => server?.close());

const DAY_MS = 24 * 60 * 60_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

async function newConsent(bankId = 'sandbox-bank', expiresAt = inDays(90)) {
  const made = await bank.createConsent({
    bankId,
    permissions: CONSENT_PERMISSIONS,
    transactionsFrom: addDays(today, -89),
    expiresAt,
  });
  if (made.outcome !== 'consent') throw new Error(`no consent: ${made.reason}`);
  return made.consentId;
}

const urlFor = (consentId: string, state = 'state-1') =>
  bank.authorisationUrl({ bankId: 'sandbox-bank', consentId, state, redirectUrl: OB_TEST_REDIRECT });

/** The applicant approves `customer` on the consent page; the bank's redirect answers the code. */
async function approve(consentId: string, customer: SandboxBankCustomer) {
  const res = await postConsentForm(server.app, {
    ...consentFormFields(urlFor(consentId)),
    customer,
    decision: 'approve',
  });
  expect(res.statusCode).toBe(303);
  return redirectQuery(res.headers.location);
}

async function connect(customer: SandboxBankCustomer, expiresAt?: string) {
  const consentId = await newConsent('sandbox-bank', expiresAt);
  const { code } = await approve(consentId, customer);
  const token = await bank.exchangeCode({
    bankId: 'sandbox-bank',
    code: code!,
    redirectUrl: OB_TEST_REDIRECT,
  });
  if (token.outcome !== 'token') throw new Error(`no token: ${token.reason}`);
  return { consentId, accessToken: token.accessToken };
}

const read = (accessToken: string, from = addDays(today, -89)) =>
  bank.readAccounts({ bankId: 'sandbox-bank', accessToken, from });

describe('the sandbox bank through the HTTP adapter', () => {
  it('lists its two banks', async () => {
    expect(await bank.banks()).toEqual({
      outcome: 'banks',
      banks: [
        { bankId: 'sandbox-bank', name: 'Sandbox Bank' },
        { bankId: 'failing-bank', name: 'Failing Bank (sandbox)' },
      ],
    });
  });

  it('sends the applicant to a consent page naming what is read, with the four customers and two buttons', async () => {
    const consentId = await newConsent();
    expect(consentId).toMatch(/^obc-[0-9a-f-]{36}$/);
    const url = urlFor(consentId, 'st<ate>&"1"');
    expect(url.startsWith(`${OB_TEST_BASE_URL}/authorise?client_id=test-lender&bank_id=sandbox-bank&`)).toBe(
      true,
    );
    const res = await server.app.inject({ method: 'GET', url: injectUrlOf(url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("form-action 'self' http://lender.test:3000;");
    const html = res.body;
    expect(html).toContain('<title>Sandbox Bank: share your account information</title>');
    expect(html).toContain('<h1>Sandbox Bank: share your account information</h1>');
    expect(html).toContain(
      `<li>your transactions from ${addDays(today, -89).split('-').reverse().join('-')}</li>`,
    );
    expect(html).toContain('<li>your balances</li>');
    expect(html).toContain('<legend>Sandbox customer</legend>');
    for (const customer of ['salaried', 'gig', 'stressed', 'empty']) {
      expect(html).toMatch(
        new RegExp(
          `<input type="radio" id="customer-${customer}" name="customer" value="${customer}"[^>]*>\\n<label for="customer-${customer}">${customer}<`,
        ),
      );
    }
    expect(html).toContain('<button type="submit" name="decision" value="approve">Approve</button>');
    expect(html).toContain('value="deny" class="secondary" formnovalidate>Deny</button>');
    // The state goes back as it came, escaped on the page.
    expect(html).toContain('name="state" value="st&lt;ate&gt;&amp;&quot;1&quot;"');
  });

  it('reads an approved customer: every account, its balance, and 130 transactions over two pages, newest first', async () => {
    calls.length = 0;
    const { accessToken } = await connect('salaried');
    const result = await read(accessToken);
    if (result.outcome !== 'read') throw new Error(result.reason);
    const [current, savings] = result.accounts;
    expect(result.accounts).toHaveLength(2);
    expect(current).toMatchObject({
      accountId: 'acc-salaried',
      subType: 'CurrentAccount',
      balancePence: 240_000,
    });
    expect(savings).toMatchObject({ accountId: 'acc-savings', subType: 'Savings', balancePence: 50_000 });
    expect(current!.transactions).toHaveLength(130);
    // The statement (printed oldest first) newest first, exactly as the bank holds it.
    const expected = [...fixtureAccounts('salaried', today)[0]!.transactions].reverse();
    expect(current!.transactions).toEqual(expected);
    expect(current!.transactions[0]).toEqual({
      transactionId: 'tx-129',
      bookedOn: today,
      amountPence: 74_999,
      direction: 'debit',
      status: 'pending',
      description: 'CARD PAYMENT 129',
      merchantName: 'TESCO STORES',
      merchantCategoryCode: '5411',
      bankCode: 'POS',
      counterparty: 'TESCO STORES',
      balanceAfterPence: null,
    });
    expect(current!.transactions.find((t) => t.transactionId === 'tx-120')).toMatchObject({
      amountPence: 240_000,
      direction: 'credit',
      counterparty: 'ACME LTD',
      balanceAfterPence: -20_000,
    });
    expect(current!.transactions.filter((t) => t.amountPence === 435)).toHaveLength(17);
    expect(savings!.transactions).toEqual([
      expect.objectContaining({ transactionId: 'sav-1', counterparty: null }),
    ]);
    const pages = calls.filter((c) => c.path.includes('/transactions'));
    expect(pages.map((c) => new URL(c.path, 'http://x').searchParams.get('page'))).toEqual([null, '2', null]);
    for (const call of calls) expect(call.headers['x-fapi-interaction-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(calls.map((c) => c.headers['x-fapi-interaction-id'])).size).toBe(calls.length);
  });

  it('reads transactions from the date asked only', async () => {
    const { accessToken } = await connect('salaried');
    const result = await read(accessToken, addDays(today, -10));
    if (result.outcome !== 'read') throw new Error(result.reason);
    const dates = result.accounts[0]!.transactions.map((t) => t.bookedOn);
    expect(dates.length).toBe(
      fixtureAccounts('salaried', today)[0]!.transactions.filter((t) => t.bookedOn >= addDays(today, -10))
        .length,
    );
    expect(dates.every((d) => d >= addDays(today, -10))).toBe(true);
  });

  it('reads an overdrawn balance as negative, and an account without transactions as empty', async () => {
    const stressed = await read((await connect('stressed')).accessToken);
    expect(stressed).toMatchObject({
      outcome: 'read',
      accounts: [{ accountId: 'acc-stressed', balancePence: -12_050 }],
    });
    expect(await read((await connect('empty')).accessToken)).toEqual({
      outcome: 'read',
      accounts: [{ accountId: 'acc-empty', subType: 'CurrentAccount', balancePence: 0, transactions: [] }],
    });
  });

  it('revokes a consent: nothing more is read with its token', async () => {
    const { consentId, accessToken } = await connect('salaried');
    expect(await bank.revokeConsent({ bankId: 'sandbox-bank', consentId })).toEqual({ outcome: 'revoked' });
    expect(await read(accessToken)).toEqual({ outcome: 'unavailable', reason: 'HTTP 401' });
    expect(await bank.revokeConsent({ bankId: 'sandbox-bank', consentId: 'obc-unknown' })).toEqual({
      outcome: 'unavailable',
      reason: 'HTTP 404',
    });
  });

  it('sends a denial back with access_denied and the state, and the consent can no longer be approved', async () => {
    const consentId = await newConsent();
    const fields = consentFormFields(urlFor(consentId, 'deny-state'));
    const denied = await postConsentForm(server.app, { ...fields, decision: 'deny' });
    expect(denied.statusCode).toBe(303);
    expect(redirectQuery(denied.headers.location)).toEqual({ error: 'access_denied', state: 'deny-state' });
    const again = await postConsentForm(server.app, { ...fields, customer: 'salaried', decision: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(again.headers.location).toBeUndefined();
    const page = await server.app.inject({ method: 'GET', url: injectUrlOf(urlFor(consentId)) });
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain('No consent is waiting here');
  });

  it('asks again for a customer when Approve is pressed without one', async () => {
    const consentId = await newConsent();
    const res = await postConsentForm(server.app, {
      ...consentFormFields(urlFor(consentId)),
      decision: 'approve',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(
      '<p class="error" id="customer-error" role="alert">Choose a sandbox customer to approve.</p>',
    );
    expect(res.body).toContain('<fieldset aria-describedby="customer-error">');
    expect((await approve(consentId, 'gig')).code).toMatch(/^[\w-]{43}$/);
  });

  it('never redirects anywhere but the registered redirect (no open redirect)', async () => {
    const consentId = await newConsent();
    const evil = bank.authorisationUrl({
      bankId: 'sandbox-bank',
      consentId,
      state: 's',
      redirectUrl: 'https://evil.example/steal',
    });
    const page = await server.app.inject({ method: 'GET', url: injectUrlOf(evil) });
    expect(page.statusCode).toBe(400);
    const post = await postConsentForm(server.app, {
      ...consentFormFields(evil),
      customer: 'salaried',
      decision: 'approve',
    });
    expect(post.statusCode).toBe(400);
    expect(post.headers.location).toBeUndefined();
    // Still awaiting: the right redirect approves it.
    expect(await approve(consentId, 'salaried')).toEqual({ code: expect.any(String), state: 'state-1' });
  });

  it('gives unavailable for every call naming the failing bank', async () => {
    const down = { outcome: 'unavailable', reason: 'HTTP 503' };
    const consent = await bank.createConsent({
      bankId: 'failing-bank',
      permissions: CONSENT_PERMISSIONS,
      transactionsFrom: addDays(today, -89),
      expiresAt: inDays(90),
    });
    expect(consent).toEqual(down);
    expect(
      await bank.exchangeCode({ bankId: 'failing-bank', code: 'c', redirectUrl: OB_TEST_REDIRECT }),
    ).toEqual(down);
    expect(await bank.readAccounts({ bankId: 'failing-bank', accessToken: 't', from: today })).toEqual(down);
    expect(await bank.revokeConsent({ bankId: 'failing-bank', consentId: 'x' })).toEqual(down);
  });

  it('refuses a client with the wrong secret', async () => {
    const wrong = sandboxAdapter(server.app, { clientSecret: 'not-the-secret' });
    const refused = { outcome: 'unavailable', reason: 'HTTP 401' };
    expect(await wrong.banks()).toEqual(refused);
    expect(
      await wrong.createConsent({
        bankId: 'sandbox-bank',
        permissions: CONSENT_PERMISSIONS,
        transactionsFrom: today,
        expiresAt: inDays(90),
      }),
    ).toEqual(refused);
    const consentId = await newConsent();
    const { code } = await approve(consentId, 'salaried');
    expect(
      await wrong.exchangeCode({ bankId: 'sandbox-bank', code: code!, redirectUrl: OB_TEST_REDIRECT }),
    ).toEqual(refused);
    // The code was not spent by the refused client.
    expect(
      await bank.exchangeCode({ bankId: 'sandbox-bank', code: code!, redirectUrl: OB_TEST_REDIRECT }),
    ).toMatchObject({
      outcome: 'token',
    });
  });

  it('exchanges a code once only, and withdraws the token it gave when it is offered again', async () => {
    const consentId = await newConsent();
    const { code } = await approve(consentId, 'salaried');
    const exchange = () =>
      bank.exchangeCode({ bankId: 'sandbox-bank', code: code!, redirectUrl: OB_TEST_REDIRECT });
    const first = await exchange();
    if (first.outcome !== 'token') throw new Error(first.reason);
    expect(await exchange()).toEqual({ outcome: 'unavailable', reason: 'HTTP 400' });
    expect(await read(first.accessToken)).toEqual({ outcome: 'unavailable', reason: 'HTTP 401' });
  });

  it('exchanges a code only with the redirect it was sent to', async () => {
    const { code } = await approve(await newConsent(), 'salaried');
    expect(
      await bank.exchangeCode({
        bankId: 'sandbox-bank',
        code: code!,
        redirectUrl: `${OB_TEST_REDIRECT}/other`,
      }),
    ).toEqual({ outcome: 'unavailable', reason: 'HTTP 400' });
  });

  it('refuses a code after its five minutes', async () => {
    const { code } = await approve(await newConsent(), 'salaried');
    server.clock.advance(5 * 60_000 + 1_000);
    expect(
      await bank.exchangeCode({ bankId: 'sandbox-bank', code: code!, redirectUrl: OB_TEST_REDIRECT }),
    ).toEqual({
      outcome: 'unavailable',
      reason: 'HTTP 400',
    });
  });

  it('reads nothing once the consent has expired, on the clock', async () => {
    const { accessToken } = await connect('salaried', inDays(2));
    expect(await read(accessToken)).toMatchObject({ outcome: 'read' });
    server.clock.advance(3 * DAY_MS);
    expect(await read(accessToken)).toEqual({ outcome: 'unavailable', reason: 'HTTP 403' });
  });

  it('reads nothing once the business date passes the consent (last: it moves the date for good)', async () => {
    const { accessToken } = await connect('salaried', inDays(30));
    await server.businessDate.set(addDays(today, 40));
    expect(await read(accessToken)).toEqual({ outcome: 'unavailable', reason: 'HTTP 403' });
  });
});
