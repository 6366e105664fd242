import { TIMINGS } from '@lender/contract/timings';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { cardProviderSandbox } from './plugin';
import { sandboxDb } from './tables';
import { CARDS, cardForm, methodData, postForm, storedTransaction } from './test-support';
import { SLOW_FINGERPRINT_MS } from './test-cards';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const FINGERPRINT = '/sandbox/card-provider/fingerprint';

async function tokenised(cardNumber: string) {
  const res = await postForm(
    t.app,
    '/sandbox/card-provider/tokenise',
    cardForm(t.ctx.config, { cardNumber }),
  );
  return res.json() as { trxId: string; fingerprintUrl: string | null };
}

const postMethodData = (threeDSMethodData: string) => postForm(t.app, FINGERPRINT, { threeDSMethodData });

describe('POST /sandbox/card-provider/fingerprint', () => {
  it('records the fingerprint once and answers a small page', async () => {
    const { trxId, fingerprintUrl } = await tokenised(CARDS.challenge);
    expect(new URL(fingerprintUrl!).pathname).toBe(FINGERPRINT);
    const res = await postMethodData(methodData(trxId));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('Device check complete.');
    const first = (await storedTransaction(t.ctx.db, trxId)).fingerprinted_at;
    expect(Date.now() - Date.parse(first!)).toBeLessThan(60_000);

    await postMethodData(methodData(trxId));
    expect((await storedTransaction(t.ctx.db, trxId)).fingerprinted_at).toBe(first);
  });

  it("may be framed by the application's origin, unlike any other answer", async () => {
    const { trxId } = await tokenised(CARDS.other);
    const framed = await postMethodData(methodData(trxId));
    expect(framed.headers['x-frame-options']).toBeUndefined();
    expect(framed.headers['content-security-policy']).toBe(
      "default-src 'none'; form-action 'none'; base-uri 'none'; frame-ancestors 'self' http://localhost:3000",
    );
    const other = await postForm(t.app, '/sandbox/card-provider/tokenise', cardForm(t.ctx.config));
    expect(other.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(other.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it.each([
    ['method data that is not base64url JSON', () => 'not-json', 400],
    ['method data without a transaction', () => Buffer.from('{}').toString('base64url'), 400],
    ['an unknown transaction', () => methodData('6f1d0a4e-0000-4000-8000-000000000000'), 404],
  ])('answers %s with a framed page saying so', async (_name, data, status) => {
    const res = await postMethodData(data());
    expect(res.statusCode).toBe(status);
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('answers 404 for a card that needs no fingerprint, and for an expired key', async () => {
    const frictionless = await tokenised(CARDS.frictionless);
    expect(frictionless.fingerprintUrl).toBeNull();
    expect((await postMethodData(methodData(frictionless.trxId))).statusCode).toBe(404);

    const expired = await tokenised(CARDS.other);
    await sandboxDb(t.ctx.db)
      .updateTable('card_sandbox_transactions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('trx_id', '=', expired.trxId)
      .execute();
    expect((await postMethodData(methodData(expired.trxId))).statusCode).toBe(404);
    expect((await storedTransaction(t.ctx.db, expired.trxId)).fingerprinted_at).toBeNull();
  });

  it("answers the slow card only after the browser's wait, having recorded it at once", async () => {
    expect(SLOW_FINGERPRINT_MS).toBeGreaterThan(TIMINGS.fingerprintTimeoutMs);
    // The same plugin with a shorter delay, so the test does not wait five seconds.
    const delayMs = 400;
    const sandbox = Fastify();
    await sandbox.register(cardProviderSandbox, {
      db: t.ctx.db,
      baseUrl: 'http://localhost:3000/short',
      appOrigin: 'http://localhost:3000',
      merchants: [{ merchantId: 'm', staticKey: 's', secretKey: 'secret' }],
      slowFingerprintMs: delayMs,
    });
    try {
      const tokenise = (cardNumber: string) =>
        postForm(
          sandbox,
          '/tokenise',
          cardForm({ CARD_PROVIDER_MERCHANT_ID: 'm', CARD_PROVIDER_STATIC_KEY: 's' }, { cardNumber }),
        );
      const timed = async (trxId: string) => {
        const started = performance.now();
        const res = await postForm(sandbox, '/fingerprint', { threeDSMethodData: methodData(trxId) });
        return { status: res.statusCode, ms: performance.now() - started };
      };
      const slow = (await tokenise(CARDS.slowFingerprint)).json().trxId as string;
      const quick = (await tokenise(CARDS.other)).json().trxId as string;

      const slowAnswer = timed(slow);
      await new Promise((resolve) => setTimeout(resolve, delayMs / 2));
      expect((await storedTransaction(t.ctx.db, slow)).fingerprinted_at).not.toBeNull();
      const answer = await slowAnswer;
      expect(answer.status).toBe(200);
      expect(answer.ms).toBeGreaterThanOrEqual(delayMs - 5);
      expect((await timed(quick)).ms).toBeLessThan(delayMs);
    } finally {
      await sandbox.close();
    }
  });
});
