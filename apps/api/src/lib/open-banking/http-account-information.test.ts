import { describe, expect, it } from 'vitest';
import { CONSENT_PERMISSIONS } from './account-information';
import { londonMidnight, penceOf } from './ob-mapping';
import { adapter, BASE, gbp, oneAccount, ok, page, readA1, scripted, TOKEN, tx } from './test-aggregator';

/** The protocol the adapter speaks to an aggregator (UK Open Banking v3.1 account information). */
describe('httpAccountInformation: the protocol it speaks', () => {
  it('makes a consent with client credentials (Basic, form-encoded), then OBReadConsent1 at the named bank', async () => {
    const { calls, transport } = scripted({
      '/token': TOKEN,
      '/account-access-consents': ok({ Data: { ConsentId: 'C-9', Status: 'AwaitingAuthorisation' } }, 201),
    });
    const result = await adapter(transport).createConsent({
      bankId: 'bank-a',
      permissions: CONSENT_PERMISSIONS,
      transactionsFrom: '2026-08-30',
      expiresAt: '2027-02-26T10:00:00.000Z',
    });
    expect(result).toEqual({ outcome: 'consent', consentId: 'C-9' });
    const [token, consent] = calls;
    // RFC 6749 §2.3.1: id and secret form-encoded before base64.
    const basic = `Basic ${Buffer.from('kestrel+id:s3cr%3Aet%2B%2F').toString('base64')}`;
    expect(token).toMatchObject({
      method: 'POST',
      path: '/token',
      headers: {
        authorization: basic,
        'content-type': 'application/x-www-form-urlencoded',
        'x-fapi-financial-id': 'bank-a',
      },
      body: 'grant_type=client_credentials&scope=accounts',
    });
    expect(consent).toMatchObject({
      method: 'POST',
      path: '/account-access-consents',
      headers: {
        authorization: 'Bearer tok-1',
        'content-type': 'application/json',
        'x-fapi-financial-id': 'bank-a',
      },
    });
    expect(JSON.parse(consent!.body!)).toEqual({
      Data: {
        Permissions: ['ReadAccountsDetail', 'ReadBalances', 'ReadTransactionsDetail'],
        ExpirationDateTime: '2027-02-26T10:00:00.000Z',
        // London midnight of 30 August is 23:00 UTC the day before (summer time).
        TransactionFromDateTime: '2026-08-30T00:00:00+01:00',
      },
      Risk: {},
    });
    expect(token!.headers['x-fapi-interaction-id']).not.toBe(consent!.headers['x-fapi-interaction-id']);
  });

  it('builds the authorisation URL on the base URL, every value encoded', () => {
    const url = adapter(scripted({}).transport).authorisationUrl({
      bankId: 'bank a',
      consentId: 'C/1',
      state: 's&t=1',
      redirectUrl: 'https://lender.example/open-banking/return?x=1',
    });
    expect(url).toBe(
      `${BASE}/authorise?client_id=kestrel+id&bank_id=bank+a&consent_id=C%2F1&state=s%26t%3D1&redirect_uri=https%3A%2F%2Flender.example%2Fopen-banking%2Freturn%3Fx%3D1`,
    );
  });

  it('exchanges a code with its redirect, and revokes with DELETE (204)', async () => {
    const { calls, transport } = scripted({
      '/token': TOKEN,
      '/account-access-consents/C%2F1': { status: 204, body: '' },
    });
    const bank = adapter(transport);
    expect(await bank.exchangeCode({ bankId: 'b', code: 'c&1', redirectUrl: 'https://l.example/r' })).toEqual(
      {
        outcome: 'token',
        accessToken: 'tok-1',
      },
    );
    expect(calls[0]!.body).toBe(
      'grant_type=authorization_code&code=c%261&redirect_uri=https%3A%2F%2Fl.example%2Fr',
    );
    expect(await bank.revokeConsent({ bankId: 'b', consentId: 'C/1' })).toEqual({ outcome: 'revoked' });
    expect(calls[2]).toMatchObject({ method: 'DELETE', path: '/account-access-consents/C%2F1' });
  });

  it('reads pound accounts: the booked balance signed, every page followed, amounts in exact pence', async () => {
    const { calls, transport } = oneAccount((call) =>
      call.path.includes('page=2')
        ? page([
            tx({
              TransactionId: 'T3',
              Amount: gbp('2400'),
              CreditDebitIndicator: 'Credit',
              DebtorAccount: { Name: 'ACME LTD' },
            }),
          ])
        : page(
            [
              tx({
                MerchantDetails: { MerchantName: 'BETCO', MerchantCategoryCode: '7995' },
                ProprietaryBankTransactionCode: { Code: 'POS', Issuer: 'X' },
                CreditorAccount: { Name: 'BETCO LTD' },
                Balance: { Amount: gbp('10.10'), CreditDebitIndicator: 'Debit', Type: 'InterimBooked' },
              }),
              // 23:30 UTC on 30 June is 1 July in London.
              tx({
                TransactionId: undefined,
                Status: 'Pending',
                BookingDateTime: '2026-06-30T23:30:00Z',
                Amount: gbp('0.1'),
              }),
            ],
            `${BASE}/accounts/A1/transactions?fromBookingDateTime=2026-08-30T00%3A00%3A00&page=2`,
          ),
    );
    expect(await readA1(transport)).toEqual({
      outcome: 'read',
      accounts: [
        {
          accountId: 'A1',
          subType: 'CurrentAccount',
          balancePence: -12_050,
          transactions: [
            {
              transactionId: 'T1',
              bookedOn: '2026-11-27',
              amountPence: 435,
              direction: 'debit',
              status: 'booked',
              description: 'CARD PAYMENT',
              merchantName: 'BETCO',
              merchantCategoryCode: '7995',
              bankCode: 'POS',
              counterparty: 'BETCO LTD',
              balanceAfterPence: -1_010,
            },
            expect.objectContaining({
              transactionId: 'A1:2',
              bookedOn: '2026-07-01',
              amountPence: 10,
              status: 'pending',
              counterparty: null,
            }),
            expect.objectContaining({
              transactionId: 'T3',
              amountPence: 240_000,
              direction: 'credit',
              counterparty: 'ACME LTD',
            }),
          ],
        },
      ],
    });
    expect(calls.map((c) => c.path)).toEqual([
      '/accounts',
      '/accounts/A1/balances',
      '/accounts/A1/transactions?fromBookingDateTime=2026-08-30T00%3A00%3A00',
      '/accounts/A1/transactions?fromBookingDateTime=2026-08-30T00%3A00%3A00&page=2',
    ]);
    expect(calls.every((c) => c.method === 'GET' && c.headers.authorization === 'Bearer user-tok')).toBe(
      true,
    );
  });

  it.each([
    ['4.35', 435],
    ['0.1', 10],
    ['2400', 240_000],
    ['12.50000', 1_250],
    ['9999999999999.99', 999_999_999_999_999],
    ['1.005', null],
  ])('reads %s pounds as %s pence', (amount, pence) => {
    expect(penceOf(gbp(amount))).toBe(pence);
  });

  it('starts a London day at its own midnight, summer or winter', () => {
    expect(londonMidnight('2026-01-15')).toBe('2026-01-15T00:00:00+00:00');
    expect(londonMidnight('2026-03-29')).toBe('2026-03-29T00:00:00+00:00');
    expect(londonMidnight('2026-03-30')).toBe('2026-03-30T00:00:00+01:00');
    expect(londonMidnight('2026-10-25')).toBe('2026-10-25T00:00:00+01:00');
    expect(londonMidnight('2026-10-26')).toBe('2026-10-26T00:00:00+00:00');
  });
});
