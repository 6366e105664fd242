import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutSandboxDb } from '../../sandbox/payout-provider/tables';
import { createSandboxServer, SANDBOX_KEY } from '../../sandbox/payout-provider/test-support';
import { createPayoutProvider } from './create-payout-provider';
import type { PayoutProvider, PayoutRequest } from './payout-provider';

/** The adapter against the real built-in sandbox: in process first, then over a listening port. */
let server: Awaited<ReturnType<typeof createSandboxServer>>;
let provider: PayoutProvider;
beforeAll(async () => {
  server = await createSandboxServer();
  provider = createPayoutProvider({ key: SANDBOX_KEY }, server.app);
});
afterAll(() => server?.close());

const payout = (overrides: Partial<PayoutRequest> = {}): PayoutRequest => ({
  idempotencyKey: `payout-${crypto.randomUUID()}`,
  sortCode: '040004',
  accountNumber: '12345678',
  accountName: 'Jane Doe',
  amountPence: 50_000,
  reference: 'LOAN 1001',
  ...overrides,
});

const paymentsWithKey = (idempotencyKey: string) =>
  payoutSandboxDb(server.db)
    .selectFrom('payout_sandbox_payments')
    .select('payment_id')
    .where('idempotency_key', '=', idempotencyKey)
    .execute();

describe('createPayoutProvider with the built-in sandbox (in process)', () => {
  it('pays any other account, and its state stays paid', async () => {
    const paid = await provider.send(payout());
    expect(paid).toEqual({ outcome: 'paid', paymentId: expect.any(String), reason: '' });
    if (paid.outcome !== 'paid') return;
    expect(await provider.status(paid.paymentId)).toEqual(paid);
  });

  it('is rejected for the closed account (00000002)', async () => {
    expect(await provider.send(payout({ accountNumber: '00000002' }))).toEqual({
      outcome: 'rejected',
      paymentId: expect.any(String),
      reason: 'Beneficiary account closed.',
    });
  });

  it('stays pending for 00000003, asked again later too', async () => {
    const pending = await provider.send(payout({ accountNumber: '00000003' }));
    expect(pending).toMatchObject({ outcome: 'pending' });
    if (pending.outcome !== 'pending') return;
    expect(await provider.status(pending.paymentId)).toEqual(pending);
  });

  it('answers a retried payout with the first payment, paying once', async () => {
    const request = payout();
    const first = await provider.send(request);
    expect(await provider.send(request)).toEqual(first);
    expect(await paymentsWithKey(request.idempotencyKey)).toHaveLength(1);
  });

  it('is unavailable for a key reused with another amount (409), paying nothing more', async () => {
    const request = payout();
    await provider.send(request);
    expect(await provider.send({ ...request, amountPence: 1 })).toEqual({
      outcome: 'unavailable',
      reason: 'HTTP 409',
    });
    expect(await paymentsWithKey(request.idempotencyKey)).toHaveLength(1);
  });

  it('is unavailable with a wrong key (401) or a bad sort code (400)', async () => {
    const intruder = createPayoutProvider({ key: 'not-the-key' }, server.app);
    expect(await intruder.send(payout())).toEqual({ outcome: 'unavailable', reason: 'HTTP 401' });
    expect(await provider.send(payout({ sortCode: '04-00-04' }))).toEqual({
      outcome: 'unavailable',
      reason: 'HTTP 400',
    });
  });

  it('is unavailable for a payment the provider never made (404)', async () => {
    expect(await provider.status(crypto.randomUUID())).toEqual({
      outcome: 'unavailable',
      reason: 'HTTP 404',
    });
  });
});

describe('createPayoutProvider with a url (over the network)', () => {
  it('speaks the same protocol to the sandbox on a listening port', async () => {
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = server.app.server.address() as AddressInfo;
    const remote = createPayoutProvider(
      { url: `http://127.0.0.1:${port}/sandbox/payout-provider/`, key: SANDBOX_KEY },
      server.app,
    );
    const request = payout();
    const paid = await remote.send(request);
    expect(paid).toMatchObject({ outcome: 'paid' });
    expect(await remote.send(request)).toEqual(paid);
    if (paid.outcome !== 'paid') return;
    expect(await remote.status(paid.paymentId)).toEqual(paid);
    expect(await provider.status(paid.paymentId)).toEqual(paid);
  });
});
