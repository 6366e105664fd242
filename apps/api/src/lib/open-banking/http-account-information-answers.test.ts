import { describe, expect, it } from 'vitest';
import { CONSENT_PERMISSIONS } from './account-information';
import { OB_MAX_TRANSACTION_PAGES } from './http-account-information';
import {
  adapter,
  BASE,
  oneAccount,
  ok,
  page,
  readA1,
  scripted,
  TOKEN,
  tx,
  gbp,
  type Answer,
} from './test-aggregator';

/** A bank or aggregator that is down, slow, looping or talking nonsense: `unavailable`, never a throw. */
describe('httpAccountInformation: untrusted answers', () => {
  const unavailable = (reason: string) => ({ outcome: 'unavailable', reason });

  it.each([
    [
      'an amount as a JSON number',
      page([tx({ Amount: { Amount: 4.35, Currency: 'GBP' } })], undefined),
      'an answer outside the protocol',
    ],
    ['a fraction of a penny', page([tx({ Amount: gbp('4.355') })]), 'an answer outside the protocol'],
    [
      'a transaction in euros',
      page([tx({ Amount: { Amount: '4.35', Currency: 'EUR' } })]),
      'an answer outside the protocol',
    ],
    [
      'a date-time without its offset',
      page([tx({ BookingDateTime: '2026-11-27T09:15:00' })]),
      'an answer outside the protocol',
    ],
    ['an unknown status', page([tx({ Status: 'Rejected' })]), 'an answer outside the protocol'],
    ['a page that is not JSON', { status: 200, body: '<html>' }, 'an answer that is not JSON'],
    ['a server error', { status: 500, body: '' }, 'HTTP 500'],
    ['a refused token', { status: 401, body: '{}' }, 'HTTP 401'],
    [
      'a network failure',
      new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } }),
      'no answer (ECONNRESET)',
    ],
    [
      'a link to another host',
      page([tx()], 'https://elsewhere.example/aisp/v3.1/accounts/A1/transactions?page=2'),
      'a paging link outside the aggregator',
    ],
    [
      'a link out of the base path',
      page([tx()], 'https://ob.example.com/other/accounts/A1/transactions'),
      'a paging link outside the aggregator',
    ],
  ] as [string, Answer, string][])('gives unavailable for %s', async (_what, answer, reason) => {
    expect(await readA1(oneAccount(answer).transport)).toEqual(unavailable(reason));
  });

  it('stops following a bank that pages for ever', async () => {
    const { calls, transport } = oneAccount(page([tx()], `${BASE}/accounts/A1/transactions?page=again`));
    expect(await readA1(transport, { maxPages: 3 })).toEqual(
      unavailable('more than 3 pages of transactions'),
    );
    expect(calls.filter((c) => c.path.includes('/transactions'))).toHaveLength(3);
    expect(OB_MAX_TRANSACTION_PAGES).toBe(50);
  });

  it('gives unavailable when the aggregator goes silent, within the one budget of a flow', async () => {
    const { transport } = scripted({ '/token': TOKEN, '/account-access-consents': 'silence' });
    const started = performance.now();
    const result = await adapter(transport, { timeoutMs: 150 }).createConsent({
      bankId: 'b',
      permissions: CONSENT_PERMISSIONS,
      transactionsFrom: '2026-08-30',
      expiresAt: '2027-02-26T10:00:00.000Z',
    });
    expect(result).toEqual(unavailable('no answer within 150 ms'));
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it.each([
    [
      'a consent already authorised',
      ok({ Data: { ConsentId: 'C', Status: 'Authorised' } }, 201),
      'an answer outside the protocol',
    ],
    [
      'a consent without its id',
      ok({ Data: { Status: 'AwaitingAuthorisation' } }, 201),
      'an answer outside the protocol',
    ],
    ['a redirect', { status: 302, body: '' }, 'HTTP 302'],
  ] as [string, Answer, string][])(
    'gives unavailable for %s on making a consent',
    async (_what, answer, reason) => {
      const { transport } = scripted({ '/token': TOKEN, '/account-access-consents': answer });
      const result = await adapter(transport).createConsent({
        bankId: 'b',
        permissions: CONSENT_PERMISSIONS,
        transactionsFrom: '2026-08-30',
        expiresAt: '2027-02-26T10:00:00.000Z',
      });
      expect(result).toEqual(unavailable(reason));
    },
  );

  it('gives unavailable for a token answer that is no bearer token, and for a bank list outside the protocol', async () => {
    const { transport } = scripted({
      '/token': ok({ access_token: 'x', token_type: 'mac' }),
      '/banks': ok({ Data: { Bank: [{ BankId: '', Name: 'No id' }] } }),
    });
    const bank = adapter(transport);
    expect(await bank.exchangeCode({ bankId: 'b', code: 'c', redirectUrl: 'https://l/r' })).toEqual(
      unavailable('an answer outside the protocol'),
    );
    expect(await bank.banks()).toEqual(unavailable('an answer outside the protocol'));
    expect(await bank.revokeConsent({ bankId: 'b', consentId: 'C' })).toEqual(
      unavailable('an answer outside the protocol'),
    );
  });
});
