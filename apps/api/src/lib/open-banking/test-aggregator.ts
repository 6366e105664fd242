import { httpAccountInformation } from './http-account-information';
import type { ProviderCall, ProviderTransport } from '../provider-transports';

/** A scripted aggregator for the adapter's tests: its answers by path, each call recorded. */
export type Answer = { status: number; body: string } | Error | 'silence';

/** A transport answering each call by its path (the first matching prefix), recording every call. */
export function scripted(answers: Record<string, Answer | ((call: ProviderCall) => Answer)>) {
  const calls: ProviderCall[] = [];
  const transport: ProviderTransport = async (call) => {
    calls.push(call);
    const key = Object.keys(answers).find((prefix) => call.path.startsWith(prefix));
    const found = key === undefined ? { status: 404, body: '{}' } : answers[key]!;
    const answer = typeof found === 'function' ? found(call) : found;
    if (answer === 'silence') return new Promise<never>(() => {});
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { calls, transport };
}

export const ok = (body: unknown, status = 200) => ({ status, body: JSON.stringify(body) });
export const BASE = 'https://ob.example.com/aisp/v3.1';
export const TOKEN = ok({ access_token: 'tok-1', token_type: 'Bearer', expires_in: 3600 });
export const adapter = (
  transport: ProviderTransport,
  extra: { timeoutMs?: number; maxPages?: number } = {},
) =>
  httpAccountInformation({
    clientId: 'kestrel id',
    clientSecret: 's3cr:et+/',
    transport,
    baseUrl: `${BASE}/`,
    ...extra,
  });

export const gbp = (Amount: string) => ({ Amount, Currency: 'GBP' });
export const tx = (overrides: Record<string, unknown> = {}) => ({
  AccountId: 'A1',
  TransactionId: 'T1',
  CreditDebitIndicator: 'Debit',
  Status: 'Booked',
  BookingDateTime: '2026-11-27T09:15:00+00:00',
  TransactionInformation: 'CARD PAYMENT',
  Amount: gbp('4.35'),
  ...overrides,
});
export const page = (transactions: unknown[], next?: string) =>
  ok({
    Data: { Transaction: transactions },
    Links: { Self: 'x', ...(next ? { Next: next } : {}) },
    Meta: {},
  });

/** An aggregator with one pound account (and one in euros), its balances, and `pages` of transactions. */
export function oneAccount(pages: Answer | ((call: ProviderCall) => Answer)) {
  return scripted({
    '/accounts/A1/transactions': pages,
    '/accounts/A1/balances': ok({
      Data: {
        Balance: [
          { Amount: gbp('500.00'), CreditDebitIndicator: 'Credit', Type: 'InterimAvailable' },
          { Amount: gbp('120.5'), CreditDebitIndicator: 'Debit', Type: 'InterimBooked' },
        ],
      },
    }),
    '/accounts': ok({
      Data: {
        Account: [
          { AccountId: 'A1', Currency: 'GBP', AccountType: 'Personal', AccountSubType: 'CurrentAccount' },
          { AccountId: 'E1', Currency: 'EUR', AccountType: 'Personal', AccountSubType: 'CurrentAccount' },
        ],
      },
    }),
  });
}
export const readA1 = (transport: ProviderTransport, extra = {}) =>
  adapter(transport, extra).readAccounts({ bankId: 'bank-a', accessToken: 'user-tok', from: '2026-08-30' });
