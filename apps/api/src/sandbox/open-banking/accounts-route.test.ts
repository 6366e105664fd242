import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@lender/contract/dates';
import {
  basicAuth,
  callObSandbox,
  createObSandboxServer,
  OB_TEST_BASE_URL,
  sandboxAdapter,
} from './test-support';
import { inDays, journey } from './test-journey';

/** The sandbox bank's consents and account data in OB v3.1's own JSON, as any aggregator client sees them. */
let server: Awaited<ReturnType<typeof createObSandboxServer>>;
let steps: ReturnType<typeof journey>;
let today: string;
let clientToken: string;
beforeAll(async () => {
  server = await createObSandboxServer();
  today = await server.today();
  steps = journey(server.app, sandboxAdapter(server.app), today);
  const res = await callObSandbox(server.app, {
    method: 'POST',
    path: '/token',
    authorization: basicAuth(),
    form: { grant_type: 'client_credentials', scope: 'accounts' },
  });
  clientToken = res.json<{ access_token: string }>().access_token;
});
afterAll(() => server?.close());

const asClient = (call: Parameters<typeof callObSandbox>[1]) =>
  callObSandbox(server.app, { authorization: `Bearer ${clientToken}`, ...call });
const consentBody = (overrides: Record<string, unknown> = {}) => ({
  Data: {
    Permissions: ['ReadAccountsDetail', 'ReadBalances', 'ReadTransactionsDetail'],
    ExpirationDateTime: inDays(30),
    ...overrides,
  },
  Risk: {},
});

describe('the sandbox bank: account-access consents', () => {
  it('makes a consent awaiting authorisation (201, OBReadConsentResponse1) and shows its status as it moves', async () => {
    const made = await asClient({ method: 'POST', path: '/account-access-consents', json: consentBody() });
    expect(made.statusCode).toBe(201);
    const { Data, Links } = made.json<{ Data: Record<string, unknown>; Links: { Self: string } }>();
    expect(Data).toMatchObject({
      Status: 'AwaitingAuthorisation',
      Permissions: ['ReadAccountsDetail', 'ReadBalances', 'ReadTransactionsDetail'],
    });
    expect(Links.Self).toBe(`${OB_TEST_BASE_URL}/account-access-consents/${String(Data.ConsentId)}`);
    const path = `/account-access-consents/${String(Data.ConsentId)}`;
    await steps.approve(String(Data.ConsentId), 'gig');
    expect((await asClient({ path })).json()).toMatchObject({ Data: { Status: 'Authorised' } });
    expect((await asClient({ method: 'DELETE', path })).statusCode).toBe(204);
    expect((await asClient({ path })).json()).toMatchObject({ Data: { Status: 'Revoked' } });
  });

  it.each([
    ['a permission it does not serve', consentBody({ Permissions: ['ReadDirectDebits'] })],
    ['an expiry already passed', consentBody({ ExpirationDateTime: inDays(-1) })],
    ['an expiry beyond 90 days', consentBody({ ExpirationDateTime: inDays(120) })],
    ['an expiry without its offset', consentBody({ ExpirationDateTime: '2030-01-01T00:00:00' })],
    ['no Risk', { Data: consentBody().Data }],
  ])('refuses %s with 400', async (_what, json) => {
    const res = await asClient({ method: 'POST', path: '/account-access-consents', json });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Code: '400', Errors: [{ ErrorCode: 'UK.OBIE.Field.Invalid' }] });
  });

  it('needs a client token and a bank it knows', async () => {
    const path = '/account-access-consents';
    expect((await callObSandbox(server.app, { method: 'POST', path, json: consentBody() })).statusCode).toBe(
      401,
    );
    expect(
      (await asClient({ method: 'POST', path, json: consentBody(), bank: 'other-bank' })).statusCode,
    ).toBe(400);
    expect(
      (await asClient({ method: 'POST', path, json: consentBody(), bank: 'failing-bank' })).statusCode,
    ).toBe(503);
  });
});

describe('the sandbox bank: accounts, balances and transactions in OB v3.1 JSON', () => {
  it('serves accounts, balances as decimal strings, and transactions newest first in pages of 100', async () => {
    const { accessToken } = await steps.connect('salaried');
    const get = (path: string, bank?: string) =>
      callObSandbox(server.app, { path, authorization: `Bearer ${accessToken}`, bank });
    const accounts = (await get('/accounts')).json<{
      Data: { Account: { AccountId: string; AccountSubType: string }[] };
    }>();
    expect(accounts.Data.Account.map((a) => [a.AccountId, a.AccountSubType])).toEqual([
      ['acc-salaried', 'CurrentAccount'],
      ['acc-savings', 'Savings'],
    ]);
    expect((await get('/accounts/acc-salaried/balances')).json()).toMatchObject({
      Data: {
        Balance: [
          { Type: 'InterimAvailable' },
          {
            Amount: { Amount: '2400.00', Currency: 'GBP' },
            CreditDebitIndicator: 'Credit',
            Type: 'InterimBooked',
          },
        ],
      },
    });
    const from = `${addDays(today, -89)}T00:00:00`;
    const first = await get(`/accounts/acc-salaried/transactions?fromBookingDateTime=${from}`);
    const page1 = first.json<{
      Data: { Transaction: Record<string, unknown>[] };
      Links: { Next: string };
      Meta: { TotalPages: number };
    }>();
    expect(page1.Data.Transaction).toHaveLength(100);
    expect(page1.Meta.TotalPages).toBe(2);
    expect(page1.Links.Next).toBe(
      `${OB_TEST_BASE_URL}/accounts/acc-salaried/transactions?fromBookingDateTime=${encodeURIComponent(from)}&page=2`,
    );
    expect(page1.Data.Transaction[0]).toEqual({
      AccountId: 'acc-salaried',
      TransactionId: 'tx-129',
      CreditDebitIndicator: 'Debit',
      Status: 'Pending',
      BookingDateTime: `${today}T12:00:00+00:00`,
      ValueDateTime: `${today}T12:00:00+00:00`,
      TransactionInformation: 'CARD PAYMENT 129',
      Amount: { Amount: '749.99', Currency: 'GBP' },
      ProprietaryBankTransactionCode: { Code: 'POS', Issuer: 'SandboxBank' },
      MerchantDetails: { MerchantName: 'TESCO STORES', MerchantCategoryCode: '5411' },
      CreditorAccount: { Name: 'TESCO STORES' },
    });
    const page2 = (
      await get(page1.Links.Next.slice('http://lender.test:3000/sandbox/open-banking'.length))
    ).json<{
      Data: { Transaction: { TransactionId: string }[] };
      Links: Record<string, string>;
    }>();
    expect(page2.Data.Transaction.map((t) => t.TransactionId)).toEqual(
      Array.from({ length: 30 }, (_, i) => `tx-${29 - i}`),
    );
    expect(page2.Links.Next).toBeUndefined();
    const recent = await get(`/accounts/acc-salaried/transactions?fromBookingDateTime=${today}T00:00:00`);
    expect(
      recent
        .json<{ Data: { Transaction: { BookingDateTime: string }[] } }>()
        .Data.Transaction.every((t) => t.BookingDateTime.startsWith(today)),
    ).toBe(true);
  });

  it('writes an overdrawn balance as a Debit', async () => {
    const { accessToken } = await steps.connect('stressed');
    const res = await callObSandbox(server.app, {
      path: '/accounts/acc-stressed/balances',
      authorization: `Bearer ${accessToken}`,
    });
    expect(res.json()).toMatchObject({
      Data: { Balance: [{ Amount: { Amount: '120.50' }, CreditDebitIndicator: 'Debit' }, {}] },
    });
  });

  it('refuses an unknown token (401), another bank (403), another customer’s account (404) and a client token (401)', async () => {
    const { accessToken } = await steps.connect('empty');
    const call = (path: string, authorization: string, bank?: string) =>
      callObSandbox(server.app, { path, authorization, bank });
    expect((await call('/accounts', 'Bearer not-a-token')).statusCode).toBe(401);
    expect((await call('/accounts', `Bearer ${clientToken}`)).statusCode).toBe(401);
    expect((await call('/accounts', `Bearer ${accessToken}`, 'another-bank')).statusCode).toBe(403);
    expect((await call('/accounts/acc-salaried/balances', `Bearer ${accessToken}`)).statusCode).toBe(404);
    expect((await call('/accounts/acc-empty/transactions', `Bearer ${accessToken}`)).json()).toMatchObject({
      Data: { Transaction: [] },
      Meta: { TotalPages: 1 },
    });
  });
});
