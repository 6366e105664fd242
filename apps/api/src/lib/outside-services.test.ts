import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AGENCY } from '../sandbox/credit-reference/particulars';
import { craRecordsReceived, craRejections, craSearchesFor } from '../sandbox/credit-reference/test-support';
import { createTestApp, type TestApp } from '../test/test-app';
import { addDays } from '@lender/contract/dates';
import { CONSENT_PERMISSIONS } from './open-banking/account-information';
import { openBankingRedirectUrl } from './open-banking/create-account-information';
import { outsideServices } from './outside-services';

/** The application's own wiring of the credit reference agency (issue 47), outside and in production. */
describe('outside production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('searches the sandbox the app serves, with the key of its config', async () => {
    const { creditReference } = outsideServices(t.ctx, t.app);
    const result = await creditReference.search({
      type: 'quotation',
      applicant: {
        firstName: 'Ann',
        lastName: 'Wired',
        birthDate: '1990-04-01',
        addresses: [{ line1: '1 High Street', line2: null, town: 'Leeds', postcode: 'LS1 1AA', since: null }],
      },
      amountPence: 30_000,
      termMonths: 1,
      consentReference: 'app-1:quotation',
    });
    expect(result).toMatchObject({ outcome: 'report', report: { score: { value: 720 } } });
    expect(await craSearchesFor(t.ctx.db, 'wired')).toEqual([
      expect.objectContaining({ type: 'quotation', searchedOn: t.ctx.businessDate.today() }),
    ]);
    expect(await creditReference.agencyParticulars()).toEqual(SANDBOX_AGENCY);
  });

  it('shares records and sends the monthly file (as text) through the app the same way', async () => {
    const { creditReference } = outsideServices(t.ctx, t.app);
    const receipt = await creditReference.submit([
      {
        eventId: 'wired-ev-1',
        accountReference: 'KL0001001',
        event: 'opened',
        occurredOn: '2026-11-02',
        openedOn: '2026-11-02',
        originalAmountPence: 30_000,
        balancePence: 30_000,
        monthlyPaymentPence: 12_000,
        status: '0',
        arrangement: false,
        borrower: {
          firstName: 'Ann',
          lastName: 'Wired',
          birthDate: '1990-04-01',
          address: { line1: '1 High Street', line2: null, town: 'Leeds', postcode: 'LS1 1AA', since: null },
        },
      },
    ]);
    expect(receipt).toEqual({ outcome: 'receipt', receiptId: expect.any(String), accepted: 1, rejected: [] });
    expect(await craRecordsReceived(t.ctx.db, ['wired-ev-1'])).toHaveLength(1);

    const monthly = await creditReference.submitMonthly('2026-10', 'not a header\n');
    expect(monthly).toEqual({
      outcome: 'receipt',
      receiptId: expect.any(String),
      accepted: 0,
      rejected: [{ eventId: 'line 1', reason: expect.stringContaining('header') }],
    });
    expect(await craRejections(t.ctx.db, { month: '2026-10' })).toHaveLength(1);
  });

  it('connects to the sandbox bank the app serves: its consent page at PUBLIC_URL, its API in process (issue 49)', async () => {
    const { accountInformation } = outsideServices(t.ctx, t.app);
    expect(await accountInformation.banks()).toMatchObject({
      outcome: 'banks',
      banks: [{ bankId: 'sandbox-bank' }, { bankId: 'failing-bank' }],
    });
    const consent = await accountInformation.createConsent({
      bankId: 'sandbox-bank',
      permissions: CONSENT_PERMISSIONS,
      transactionsFrom: addDays(t.ctx.businessDate.today(), -89),
      expiresAt: new Date(Date.now() + 89 * 24 * 60 * 60_000).toISOString(),
    });
    if (consent.outcome !== 'consent') throw new Error(consent.reason);
    const redirectUrl = openBankingRedirectUrl(t.ctx.config);
    expect(redirectUrl).toBe(`${t.ctx.config.PUBLIC_URL}/open-banking/return`);
    const url = accountInformation.authorisationUrl({
      bankId: 'sandbox-bank',
      consentId: consent.consentId,
      state: 's1',
      redirectUrl,
    });
    const prefix = `${t.ctx.config.PUBLIC_URL}/sandbox/open-banking/authorise?`;
    expect(url.startsWith(prefix)).toBe(true);
    const page = await t.app.inject({ method: 'GET', url: url.slice(t.ctx.config.PUBLIC_URL.length) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Sandbox Bank: share your account information</h1>');
  });
});

describe('in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-that-is-long-enough-1234567890',
      DATA_KEY: 'f'.repeat(64),
    });
  });
  afterAll(() => prod?.close());

  it('serves no credit reference sandbox, even to the configured key', async () => {
    const res = await prod.app.inject({
      method: 'GET',
      url: '/sandbox/credit-reference/v1/particulars',
      headers: { authorization: `Bearer ${prod.ctx.config.CRA_KEY}` },
    });
    expect(res.statusCode).toBe(404);
  });

  it('serves no open banking sandbox bank either', async () => {
    const basic = Buffer.from(
      `${prod.ctx.config.OPEN_BANKING_CLIENT_ID}:${prod.ctx.config.OPEN_BANKING_CLIENT_SECRET}`,
    );
    const res = await prod.app.inject({
      method: 'GET',
      url: '/sandbox/open-banking/banks',
      headers: { authorization: `Basic ${basic.toString('base64')}` },
    });
    expect(res.statusCode).toBe(404);
  });
});
