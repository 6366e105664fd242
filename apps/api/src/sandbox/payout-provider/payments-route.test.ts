import crypto from 'node:crypto';
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/secrets';
import { registerPayoutProviderSandbox } from './register-sandbox';
import { payoutSandboxDb } from './tables';
import {
  createSandboxServer,
  everyPayoutSandboxCell,
  getPayment,
  paymentBody,
  postPayment,
} from './test-support';

let server: Awaited<ReturnType<typeof createSandboxServer>>;
beforeAll(async () => {
  server = await createSandboxServer();
});
afterAll(() => server?.close());

const newKey = () => `payout-${crypto.randomUUID()}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const rowsWithKey = (idempotencyKey: string) =>
  payoutSandboxDb(server.db)
    .selectFrom('payout_sandbox_payments')
    .selectAll()
    .where('idempotency_key', '=', idempotencyKey)
    .execute();

describe('POST /api/payments', () => {
  it('pays any other account at once, keeping the account number only as its hash and last 4 digits', async () => {
    const key = newKey();
    const res = await postPayment(server.app, key, paymentBody({ accountNumber: '12345678' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ paymentId: expect.stringMatching(UUID), status: 'paid', reason: '' });
    expect(await rowsWithKey(key)).toEqual([
      expect.objectContaining({
        payment_id: res.json().paymentId,
        sort_code: '040004',
        account_hash: sha256('12345678'),
        account_last4: '5678',
        amount_pence: 50_000,
        reference: 'LOAN 1001',
        status: 'paid',
      }),
    ]);
    expect((await everyPayoutSandboxCell(server.db)).filter((cell) => cell.includes('12345678'))).toEqual([]);
  });

  it('rejects a payment to the closed account (00000002)', async () => {
    const res = await postPayment(server.app, newKey(), paymentBody({ accountNumber: '00000002' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      paymentId: expect.stringMatching(UUID),
      status: 'rejected',
      reason: 'Beneficiary account closed.',
    });
  });

  it('leaves a payment to 00000003 pending, however often it is asked after', async () => {
    const sent = await postPayment(server.app, newKey(), paymentBody({ accountNumber: '00000003' }));
    expect(sent.json()).toMatchObject({ status: 'pending' });
    const asked = await getPayment(server.app, sent.json().paymentId);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual(sent.json());
  });

  it('answers the same key and body again with the first payment, stored once', async () => {
    const key = newKey();
    const first = await postPayment(server.app, key, paymentBody());
    const again = await postPayment(server.app, key, paymentBody());
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await rowsWithKey(key)).toHaveLength(1);
  });

  it('pays once for many concurrent requests with one key', async () => {
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => postPayment(server.app, key, paymentBody())),
    );
    expect(new Set(answers.map((res) => res.json().paymentId)).size).toBe(1);
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
    expect(await rowsWithKey(key)).toHaveLength(1);
  });

  it.each([
    ['another amount', { amountPence: 50_001 }],
    ['another account', { accountNumber: '87654321' }],
    ['another payee name', { accountName: 'John Doe' }],
    ['another reference', { reference: 'LOAN 1002' }],
  ])('refuses a key used before for %s (409), paying nothing more', async (_name, change) => {
    const key = newKey();
    const first = await postPayment(server.app, key, paymentBody());
    const reused = await postPayment(server.app, key, paymentBody(change));
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({ error: 'This Idempotency-Key was used for another payment.' });
    expect((await rowsWithKey(key)).map((row) => row.payment_id)).toEqual([first.json().paymentId]);
  });

  it.each([
    ['no authorization', undefined],
    ['a wrong key', 'Bearer not-the-key'],
    ['the key without Bearer', 'payout-sandbox-key'],
  ])('refuses %s with 401, storing nothing', async (_name, authorization) => {
    const key = newKey();
    const res = await server.app.inject({
      method: 'POST',
      url: '/sandbox/payout-provider/api/payments',
      headers: { 'idempotency-key': key, ...(authorization ? { authorization } : {}) },
      payload: paymentBody(),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'The key is not valid.' });
    expect(await rowsWithKey(key)).toEqual([]);
  });

  it.each([
    ['a sort code of 5 digits', { sortCode: '04000' }],
    ['a sort code with dashes', { sortCode: '04-00-04' }],
    ['an account number of 7 digits', { accountNumber: '1234567' }],
    ['an account number as a number', { accountNumber: 12345678 }],
    ['a zero amount', { amountPence: 0 }],
    ['pounds with pence as a fraction', { amountPence: 12.5 }],
    ['an amount above the limit', { amountPence: 10_000_001 }],
    ['a reference longer than Faster Payments carries', { reference: 'R'.repeat(19) }],
    ['a blank reference', { reference: '  ' }],
    ['a blank payee name', { accountName: '' }],
    ['a payee name of 71 characters', { accountName: 'N'.repeat(71) }],
  ])('refuses %s with 400, storing nothing', async (_name, change) => {
    const key = newKey();
    const res = await postPayment(server.app, key, paymentBody(change));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The request does not fit the protocol.' });
    expect(await rowsWithKey(key)).toEqual([]);
  });

  it('takes the longest reference and payee name the limits allow', async () => {
    const res = await postPayment(
      server.app,
      newKey(),
      paymentBody({ reference: 'R'.repeat(18), accountName: 'N'.repeat(70), amountPence: 10_000_000 }),
    );
    expect(res.statusCode).toBe(201);
  });

  it('refuses a payment without an Idempotency-Key (400)', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/sandbox/payout-provider/api/payments',
      headers: { authorization: 'Bearer payout-sandbox-key' },
      payload: paymentBody(),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/payments/:paymentId', () => {
  it('answers a paid payment as paid, and refuses a wrong key (401)', async () => {
    const sent = (await postPayment(server.app, newKey(), paymentBody())).json();
    expect((await getPayment(server.app, sent.paymentId)).json()).toEqual(sent);
    expect((await getPayment(server.app, sent.paymentId, 'not-the-key')).statusCode).toBe(401);
  });

  it('answers 404 for a payment it never made', async () => {
    expect((await getPayment(server.app, crypto.randomUUID())).statusCode).toBe(404);
  });
});

describe('the sandbox as an outside service', () => {
  it('keeps every one of its routes out of the API document', async () => {
    const app = Fastify();
    await app.register(swagger, { openapi: { info: { title: 't', version: '1' } } });
    app.get('/api/visible', async () => ({}));
    await registerPayoutProviderSandbox(app, { db: server.db, key: 'k' });
    await app.ready();
    expect(Object.keys(app.swagger().paths ?? {})).toEqual(['/api/visible']);
    await app.close();
  });
});
