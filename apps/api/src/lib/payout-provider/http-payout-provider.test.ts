import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { httpPayoutProvider } from './http-payout-provider';
import type { PayoutRequest } from './payout-provider';
import { fetchTransport, type ProviderCall } from '../provider-transports';

/** A provider that is down, slow or talking nonsense: the adapter answers `unavailable`, never throws. */
const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A local provider whose every answer is `handler`'s. */
async function providerAnswering(handler: http.RequestListener) {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const PAYOUT: PayoutRequest = {
  idempotencyKey: 'loan-1001-payout',
  sortCode: '040004',
  accountNumber: '12345678',
  accountName: 'Jane Doe',
  amountPence: 50_000,
  reference: 'LOAN 1001',
};
const PAID = JSON.stringify({ paymentId: 'p-1', status: 'paid', reason: '' });

describe('httpPayoutProvider', () => {
  it('sends the key and the Idempotency-Key in the headers and the payment in the body', async () => {
    const seen: ProviderCall[] = [];
    const provider = httpPayoutProvider({
      key: 'the-key',
      transport: async (call) => {
        seen.push(call);
        return { status: 201, body: JSON.stringify({ paymentId: 'p-1', status: 'rejected', reason: null }) };
      },
    });
    // A provider sending no reason is read as the protocol's empty text.
    expect(await provider.send(PAYOUT)).toEqual({ outcome: 'rejected', paymentId: 'p-1', reason: '' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/api/payments',
      headers: {
        authorization: 'Bearer the-key',
        'content-type': 'application/json',
        'idempotency-key': 'loan-1001-payout',
      },
    });
    const { idempotencyKey: _key, ...body } = PAYOUT;
    expect(JSON.parse(seen[0]!.body!)).toEqual(body);
  });

  it('asks for a payment by its id, escaped into the path', async () => {
    const seen: ProviderCall[] = [];
    const provider = httpPayoutProvider({
      key: 'the-key',
      transport: async (call) => {
        seen.push(call);
        return {
          status: 200,
          body: JSON.stringify({ paymentId: 'p/1', status: 'pending', reason: 'Later.' }),
        };
      },
    });
    expect(await provider.status('p/1')).toEqual({ outcome: 'pending', paymentId: 'p/1', reason: 'Later.' });
    expect(seen[0]).toMatchObject({
      method: 'GET',
      path: '/api/payments/p%2F1',
      headers: { authorization: 'Bearer the-key' },
    });
    expect(seen[0]!.body).toBeUndefined();
  });

  it('does not take the state of another payment than the one asked for', async () => {
    const provider = httpPayoutProvider({ key: 'k', transport: async () => ({ status: 200, body: PAID }) });
    expect(await provider.status('p-2')).toEqual({
      outcome: 'unavailable',
      reason: 'an answer outside the protocol',
    });
  });

  it('gives up on a provider that does not answer in time', async () => {
    const url = await providerAnswering(() => {});
    const provider = httpPayoutProvider({ key: 'k', transport: fetchTransport(url), timeoutMs: 200 });
    const started = performance.now();
    expect(await provider.send(PAYOUT)).toEqual({
      outcome: 'unavailable',
      reason: 'no answer within 200 ms',
    });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await provider.status('p-1')).toEqual({
      outcome: 'unavailable',
      reason: 'no answer within 200 ms',
    });
  });

  it('gives up on an in-process transport that does not answer in time too', async () => {
    const provider = httpPayoutProvider({ key: 'k', transport: () => new Promise(() => {}), timeoutMs: 50 });
    expect(await provider.send(PAYOUT)).toEqual({ outcome: 'unavailable', reason: 'no answer within 50 ms' });
  });

  it.each([
    ['a server error', 500, '{"error":"down"}', 'HTTP 500'],
    ['a reused Idempotency-Key', 409, '{"error":"used"}', 'HTTP 409'],
    ['a redirect (which would carry the key elsewhere)', 302, '', 'no answer (unexpected redirect)'],
    ['a page that is not JSON', 200, '<html>maintenance</html>', 'an answer that is not JSON'],
    [
      'a status outside the protocol',
      200,
      '{"paymentId":"p-1","status":"maybe"}',
      'an answer outside the protocol',
    ],
    ['a payment without its id', 201, '{"status":"paid","reason":""}', 'an answer outside the protocol'],
  ])('reports %s as unavailable', async (_name, status, body, reason) => {
    const url = await providerAnswering((_req, res) => {
      res.writeHead(status, status === 302 ? { location: 'http://127.0.0.1:1/elsewhere' } : {}).end(body);
    });
    const provider = httpPayoutProvider({ key: 'k', transport: fetchTransport(url) });
    expect(await provider.send(PAYOUT)).toEqual({ outcome: 'unavailable', reason });
  });

  it('reports a provider that is not there as unavailable', async () => {
    const url = await providerAnswering(() => {});
    const server = servers.pop()!;
    await new Promise((resolve) => server.close(resolve));
    const provider = httpPayoutProvider({ key: 'k', transport: fetchTransport(url) });
    expect(await provider.send(PAYOUT)).toEqual({
      outcome: 'unavailable',
      reason: 'no answer (ECONNREFUSED)',
    });
  });

  it('reports a transport that throws as unavailable', async () => {
    const provider = httpPayoutProvider({
      key: 'k',
      transport: async () => {
        throw new TypeError('fetch failed', { cause: { code: 'ENOTFOUND' } });
      },
    });
    expect(await provider.status('p-1')).toEqual({ outcome: 'unavailable', reason: 'no answer (ENOTFOUND)' });
  });
});
