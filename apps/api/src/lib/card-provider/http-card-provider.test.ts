import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { httpCardProvider } from './http-card-provider';
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

const credentials = { merchantId: 'kestrel', secretKey: 'the-secret' };
const CHECK = { key: 'k', trxId: 't', returnUrl: 'http://localhost:3000/loan/stage2' };

describe('httpCardProvider', () => {
  it('sends the secret key in the header and the merchant in the body', async () => {
    const seen: ProviderCall[] = [];
    const provider = httpCardProvider({
      ...credentials,
      transport: async (call) => {
        seen.push(call);
        return { status: 200, body: JSON.stringify({ outcome: 'declined', z2: 5, z3: null }) };
      },
    });
    // A provider sending z2 as a number and no z3 is read as the protocol's strings.
    expect(await provider.confirm(CHECK)).toEqual({ outcome: 'declined', z2: '5', z3: '' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      path: '/api/confirm',
      headers: { authorization: 'Bearer the-secret', 'content-type': 'application/json' },
    });
    expect(JSON.parse(seen[0]!.body!)).toEqual({ merchantId: 'kestrel', ...CHECK });
  });

  it('gives up on a provider that does not answer in time', async () => {
    const url = await providerAnswering(() => {});
    const provider = httpCardProvider({ ...credentials, transport: fetchTransport(url), timeoutMs: 200 });
    const started = performance.now();
    expect(await provider.confirm(CHECK)).toEqual({
      outcome: 'unavailable',
      reason: 'no answer within 200 ms',
    });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await provider.charge({ token: 'tok', amountPence: 100, reference: 'r' })).toEqual({
      outcome: 'unavailable',
      reason: 'no answer within 200 ms',
    });
  });

  it('gives up on an in-process transport that does not answer in time too', async () => {
    const provider = httpCardProvider({
      ...credentials,
      transport: () => new Promise(() => {}),
      timeoutMs: 50,
    });
    expect(await provider.confirm(CHECK)).toEqual({
      outcome: 'unavailable',
      reason: 'no answer within 50 ms',
    });
  });

  it.each([
    ['a server error', 500, '{"error":"down"}', 'HTTP 500'],
    ['a redirect (which would carry the secret key elsewhere)', 302, '', 'no answer (unexpected redirect)'],
    ['a page that is not JSON', 200, '<html>maintenance</html>', 'an answer that is not JSON'],
    [
      'an outcome outside the protocol',
      200,
      '{"outcome":"maybe","z2":"0","z3":""}',
      'an answer outside the protocol',
    ],
    [
      'an approval without the card',
      200,
      '{"outcome":"approved","z2":"0","z3":""}',
      'an answer outside the protocol',
    ],
  ])('reports %s as unavailable', async (_name, status, body, reason) => {
    const url = await providerAnswering((_req, res) => {
      res.writeHead(status, status === 302 ? { location: 'http://127.0.0.1:1/elsewhere' } : {}).end(body);
    });
    const provider = httpCardProvider({ ...credentials, transport: fetchTransport(url) });
    expect(await provider.confirm(CHECK)).toEqual({ outcome: 'unavailable', reason });
  });

  it('reports a provider that is not there as unavailable', async () => {
    const url = await providerAnswering(() => {});
    const server = servers.pop()!;
    await new Promise((resolve) => server.close(resolve));
    const provider = httpCardProvider({ ...credentials, transport: fetchTransport(url) });
    expect(await provider.confirm(CHECK)).toEqual({
      outcome: 'unavailable',
      reason: 'no answer (ECONNREFUSED)',
    });
  });
});
