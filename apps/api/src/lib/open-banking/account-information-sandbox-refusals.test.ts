import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@lender/contract/dates';
import {
  createObSandboxServer,
  OB_TEST_REDIRECT,
  sandboxAdapter,
} from '../../sandbox/open-banking/test-support';
import { DAY_MS, inDays, journey } from '../../sandbox/open-banking/test-journey';
import { CONSENT_PERMISSIONS, type AccountInformation } from './account-information';

/** What the sandbox bank refuses, through the adapter: each refusal is `unavailable` with its HTTP status. */
let server: Awaited<ReturnType<typeof createObSandboxServer>>;
let bank: AccountInformation;
let today: string;
let steps: ReturnType<typeof journey>;
beforeAll(async () => {
  server = await createObSandboxServer();
  bank = sandboxAdapter(server.app);
  today = await server.today();
  steps = journey(server.app, bank, today);
});
afterAll(() => server?.close());

describe('the sandbox bank refuses, through the HTTP adapter', () => {
  it('revokes a consent: nothing more is read with its token', async () => {
    const { consentId, accessToken } = await steps.connect('salaried');
    expect(await bank.revokeConsent({ bankId: 'sandbox-bank', consentId })).toEqual({ outcome: 'revoked' });
    expect(await steps.read(accessToken)).toEqual({ outcome: 'unavailable', reason: 'HTTP 401' });
    expect(await bank.revokeConsent({ bankId: 'sandbox-bank', consentId: 'obc-unknown' })).toEqual({
      outcome: 'unavailable',
      reason: 'HTTP 404',
    });
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
    const consentId = await steps.newConsent();
    const { code } = await steps.approve(consentId, 'salaried');
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
    const consentId = await steps.newConsent();
    const { code } = await steps.approve(consentId, 'salaried');
    const exchange = () =>
      bank.exchangeCode({ bankId: 'sandbox-bank', code: code!, redirectUrl: OB_TEST_REDIRECT });
    const first = await exchange();
    if (first.outcome !== 'token') throw new Error(first.reason);
    expect(await exchange()).toEqual({ outcome: 'unavailable', reason: 'HTTP 400' });
    expect(await steps.read(first.accessToken)).toEqual({ outcome: 'unavailable', reason: 'HTTP 401' });
  });

  it('exchanges a code only with the redirect it was sent to', async () => {
    const { code } = await steps.approve(await steps.newConsent(), 'salaried');
    expect(
      await bank.exchangeCode({
        bankId: 'sandbox-bank',
        code: code!,
        redirectUrl: `${OB_TEST_REDIRECT}/other`,
      }),
    ).toEqual({ outcome: 'unavailable', reason: 'HTTP 400' });
  });

  it('refuses a code after its five minutes', async () => {
    const { code } = await steps.approve(await steps.newConsent(), 'salaried');
    server.clock.advance(5 * 60_000 + 1_000);
    expect(
      await bank.exchangeCode({ bankId: 'sandbox-bank', code: code!, redirectUrl: OB_TEST_REDIRECT }),
    ).toEqual({
      outcome: 'unavailable',
      reason: 'HTTP 400',
    });
  });

  it('reads nothing once the consent has expired, on the clock', async () => {
    const { accessToken } = await steps.connect('salaried', inDays(2));
    expect(await steps.read(accessToken)).toMatchObject({ outcome: 'read' });
    server.clock.advance(3 * DAY_MS);
    expect(await steps.read(accessToken)).toEqual({ outcome: 'unavailable', reason: 'HTTP 403' });
  });

  it('reads nothing once the business date passes the consent (last: it moves the date for good)', async () => {
    const { accessToken } = await steps.connect('salaried', inDays(30));
    await server.businessDate.set(addDays(today, 40));
    expect(await steps.read(accessToken)).toEqual({ outcome: 'unavailable', reason: 'HTTP 403' });
  });
});
