import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@lender/contract/dates';
import {
  consentFormFields,
  createObSandboxServer,
  fixtureAccounts,
  injectUrlOf,
  OB_TEST_BASE_URL,
  postConsentForm,
  redirectQuery,
  sandboxAdapter,
} from '../../sandbox/open-banking/test-support';
import { journey } from '../../sandbox/open-banking/test-journey';
import type { AccountInformation } from './account-information';
import { injectTransport, type ProviderCall } from '../provider-transports';

/** The adapter against the real built-in sandbox bank, in process: consent, the bank's page, the read. */
let server: Awaited<ReturnType<typeof createObSandboxServer>>;
let bank: AccountInformation;
let today: string;
let steps: ReturnType<typeof journey>;
const calls: ProviderCall[] = [];
beforeAll(async () => {
  server = await createObSandboxServer();
  const inject = injectTransport(server.app, '/sandbox/open-banking');
  // Every call recorded: the paging is seen in the paths the adapter asked for.
  bank = sandboxAdapter(server.app, {
    transport: (call) => {
      calls.push(call);
      return inject(call);
    },
  });
  today = await server.today();
  steps = journey(server.app, bank, today);
});
afterAll(() => server?.close());

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
    const consentId = await steps.newConsent();
    expect(consentId).toMatch(/^obc-[0-9a-f-]{36}$/);
    const url = steps.urlFor(consentId, 'st<ate>&"1"');
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
          `<input type="radio" id="customer-${customer}" name="customer" value="${customer}"[^>]*>\\n<div><label for="customer-${customer}">${customer}</label>\\n<span class="hint" id="customer-${customer}-hint">`,
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
    const { accessToken } = await steps.connect('salaried');
    const result = await steps.read(accessToken);
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
    const { accessToken } = await steps.connect('salaried');
    const result = await steps.read(accessToken, addDays(today, -10));
    if (result.outcome !== 'read') throw new Error(result.reason);
    const dates = result.accounts[0]!.transactions.map((t) => t.bookedOn);
    expect(dates.length).toBe(
      fixtureAccounts('salaried', today)[0]!.transactions.filter((t) => t.bookedOn >= addDays(today, -10))
        .length,
    );
    expect(dates.every((d) => d >= addDays(today, -10))).toBe(true);
  });

  it('reads an overdrawn balance as negative, and an account without transactions as empty', async () => {
    const stressed = await steps.read((await steps.connect('stressed')).accessToken);
    expect(stressed).toMatchObject({
      outcome: 'read',
      accounts: [{ accountId: 'acc-stressed', balancePence: -12_050 }],
    });
    expect(await steps.read((await steps.connect('empty')).accessToken)).toEqual({
      outcome: 'read',
      accounts: [{ accountId: 'acc-empty', subType: 'CurrentAccount', balancePence: 0, transactions: [] }],
    });
  });

  it('sends a denial back with access_denied and the state, and the consent can no longer be approved', async () => {
    const consentId = await steps.newConsent();
    const fields = consentFormFields(steps.urlFor(consentId, 'deny-state'));
    const denied = await postConsentForm(server.app, { ...fields, decision: 'deny' });
    expect(denied.statusCode).toBe(303);
    expect(redirectQuery(denied.headers.location)).toEqual({ error: 'access_denied', state: 'deny-state' });
    const again = await postConsentForm(server.app, { ...fields, customer: 'salaried', decision: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(again.headers.location).toBeUndefined();
    const page = await server.app.inject({ method: 'GET', url: injectUrlOf(steps.urlFor(consentId)) });
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain('No consent is waiting here');
  });

  it('asks again for a customer when Approve is pressed without one', async () => {
    const consentId = await steps.newConsent();
    const res = await postConsentForm(server.app, {
      ...consentFormFields(steps.urlFor(consentId)),
      decision: 'approve',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(
      '<p class="error" id="customer-error" role="alert">Choose a sandbox customer to approve.</p>',
    );
    expect(res.body).toContain('<fieldset aria-describedby="customer-error">');
    expect((await steps.approve(consentId, 'gig')).code).toMatch(/^[\w-]{43}$/);
  });

  it('never redirects anywhere but the registered redirect (no open redirect)', async () => {
    const consentId = await steps.newConsent();
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
    expect(await steps.approve(consentId, 'salaried')).toEqual({
      code: expect.any(String),
      state: 'state-1',
    });
  });
});
