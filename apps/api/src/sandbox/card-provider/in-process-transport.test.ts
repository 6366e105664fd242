import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderCall } from '../../lib/provider-transports';
import { createTestApp, type TestApp } from '../../test/test-app';
import { cardSandboxTransport, SANDBOX_PATH } from './register-sandbox';
import { CARDS, cardForm, postForm } from './test-support';

/**
 * The sandbox's server-to-server calls spoken to in process answer what its HTTP routes answer: the same
 * calls, the same state (a charge made over one is the charge the other repeats), the same refusals.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Call = Omit<ProviderCall, 'signal'>;

const json = (secretKey: string, body: object): Pick<Call, 'headers' | 'body'> => ({
  headers: { 'content-type': 'application/json', authorization: `Bearer ${secretKey}` },
  body: JSON.stringify(body),
});

async function overHttp({ method = 'POST', path, headers, body }: Call) {
  const res = await t.app.inject({ method, url: `${SANDBOX_PATH}${path}`, headers, payload: body });
  return { status: res.statusCode, body: res.json() as unknown };
}

async function inProcess(call: Call) {
  const res = await cardSandboxTransport(t.ctx)({ ...call, signal: new AbortController().signal });
  return { status: res.status, body: JSON.parse(res.body) as unknown };
}

async function cardToken() {
  const { config } = t.ctx;
  const tokenised = (
    await postForm(t.app, `${SANDBOX_PATH}/tokenise`, cardForm(config, { cardNumber: CARDS.frictionless }))
  ).json() as { key: string; trxId: string };
  const confirmed = await inProcess({
    path: '/api/confirm',
    ...json(config.CARD_PROVIDER_SECRET_KEY, {
      merchantId: config.CARD_PROVIDER_MERCHANT_ID,
      ...tokenised,
      returnUrl: 'http://localhost:3000/loan/stage2',
    }),
  });
  expect(confirmed).toMatchObject({ status: 200, body: { outcome: 'approved' } });
  return (confirmed.body as { card: { token: string } }).card.token;
}

describe('the card sandbox in process', () => {
  it('answers a charge made over HTTP with that same charge, and refuses its reference for another amount', async () => {
    const { config } = t.ctx;
    const token = await cardToken();
    const charge = (amountPence: number) =>
      json(config.CARD_PROVIDER_SECRET_KEY, {
        merchantId: config.CARD_PROVIDER_MERCHANT_ID,
        token,
        amountPence,
        reference: 'both-ways-1',
      });
    const first = await overHttp({ path: '/api/charges', ...charge(1_234) });
    expect(first).toMatchObject({ status: 200, body: { outcome: 'approved', z2: '0' } });
    expect(await inProcess({ path: '/api/charges', ...charge(1_234) })).toEqual(first);
    const other = { path: '/api/charges', ...charge(99) };
    expect(await inProcess(other)).toEqual(await overHttp(other));
    expect((await inProcess(other)).status).toBe(409);
  });

  it('refuses what the server refuses, with the same status and words', async () => {
    const { config } = t.ctx;
    const token = await cardToken();
    const body = { merchantId: config.CARD_PROVIDER_MERCHANT_ID, token, amountPence: 500, reference: 'r-2' };
    const refused: [Call, number][] = [
      [{ path: '/api/charges', ...json('not-the-secret', body) }, 401],
      [{ path: '/api/charges', ...json(config.CARD_PROVIDER_SECRET_KEY, { ...body, amountPence: 0 }) }, 400],
      [{ path: '/api/charges', ...json(config.CARD_PROVIDER_SECRET_KEY, body), body: '{not json' }, 400],
      ...(['text/plain', 'application/xml'] as const).map((type): [Call, number] => [
        {
          path: '/api/charges',
          headers: { 'content-type': type, authorization: `Bearer ${config.CARD_PROVIDER_SECRET_KEY}` },
          body: JSON.stringify(body),
        },
        type === 'text/plain' ? 400 : 415,
      ]),
    ];
    for (const [call, status] of refused) {
      const http = await overHttp(call);
      expect(http.status).toBe(status);
      expect(await inProcess(call)).toEqual(http);
    }
    expect(
      (await inProcess({ path: '/api/refunds', ...json(config.CARD_PROVIDER_SECRET_KEY, body) })).status,
    ).toBe(404);
  });
});
