import { Writable } from 'node:stream';
import { londonToday } from '@lender/contract/dates';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/secrets';
import { loggerOptions } from '../../plugins/logging';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FORM_BODY_LIMIT_BYTES } from './form-body';
import { cardProviderSandbox } from './plugin';
import {
  CARDS,
  cardForm,
  everySandboxRow,
  nextYear,
  postForm,
  SECURITY_CODE,
  storedTransaction,
} from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const TOKENISE = '/sandbox/card-provider/tokenise';
const tokenise = (overrides: Record<string, string> = {}) =>
  postForm(t.app, TOKENISE, cardForm(t.ctx.config, overrides));
const FINGERPRINT_URL = 'http://localhost:3000/sandbox/card-provider/fingerprint';

describe('POST /sandbox/card-provider/tokenise', () => {
  it.each([
    ['frictionless', CARDS.frictionless, null],
    ['challenge', CARDS.challenge, FINGERPRINT_URL],
    ['declined', CARDS.declined, FINGERPRINT_URL],
    ['expired', CARDS.expired, FINGERPRINT_URL],
    ['slow fingerprint', CARDS.slowFingerprint, FINGERPRINT_URL],
    ['any other', CARDS.other, FINGERPRINT_URL],
  ])('answers the %s card with a key, a transaction and its fingerprint URL', async (_name, number, url) => {
    const res = await tokenise({ cardNumber: number });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      threeDSVersion: '2.2.0',
      trxId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      key: expect.stringMatching(/^[\w-]{43}$/),
      fingerprintUrl: url,
      responseId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      z2: '0',
      z3: '',
    });
  });

  it('keeps the behaviour, last four digits, expiry and holder, and the key only as its hash', async () => {
    const answer = (await tokenise({ cardNumber: '4000 0000 0000 3220', clientId: 'req-42' })).json();
    const row = await storedTransaction(t.ctx.db, answer.trxId);
    expect(row).toMatchObject({
      key_hash: sha256(answer.key),
      merchant_id: t.ctx.config.CARD_PROVIDER_MERCHANT_ID,
      behaviour: 'challenge',
      last4: '3220',
      exp_month: 12,
      exp_year: nextYear(),
      holder: 'Jane Doe',
      client_id: 'req-42',
      fingerprinted_at: null,
      challenge: null,
      token_hash: null,
    });
    // Good for 30 minutes from now.
    const lifetime = Date.parse(row.expires_at) - Date.parse(row.created_at);
    expect(lifetime).toBe(30 * 60 * 1000);
  });

  it('draws a new key and transaction each time', async () => {
    const [a, b] = [(await tokenise()).json(), (await tokenise()).json()];
    expect(a.key).not.toBe(b.key);
    expect(a.trxId).not.toBe(b.trxId);
  });

  /** A month of the Europe/London calendar, `ago` months back, as the form sends it. */
  const monthAgo = (ago: number) => {
    const today = londonToday();
    const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 - ago;
    return {
      expMonth: String((index % 12) + 1),
      expYear: String(Math.floor(index / 12) % 100).padStart(2, '0'),
    };
  };

  it.each([
    ['an unknown merchant', { merchantId: 'someone-else' }, '03', 'Invalid merchant.'],
    ["the merchant's id with another key", { staticKey: 'not-the-static-key' }, '03', 'Invalid merchant.'],
    ['a number failing the checksum', { cardNumber: '4111111111111112' }, '14', 'Invalid card number.'],
    ['a number too short', { cardNumber: '42' }, '14', 'Invalid card number.'],
    ['no security code', { csv: '' }, '30', 'The card details are incomplete.'],
    ['a month out of range', { expMonth: '13' }, '30', 'The card details are incomplete.'],
    ['a four-digit year', { expYear: String(nextYear()) }, '30', 'The card details are incomplete.'],
    ['no holder', { cardHolder: '  ' }, '30', 'The card details are incomplete.'],
    // Worked out when the test runs, not when the file loads: the business date is this app's then.
    ['a card that expired last month', () => monthAgo(1), '54', 'Expired card.'],
  ])('refuses %s with its code and no key', async (_name, overrides, z2, z3) => {
    const before = (await everySandboxRow(t.ctx.db)).length;
    const res = await tokenise(typeof overrides === 'function' ? overrides() : overrides);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      threeDSVersion: null,
      trxId: null,
      key: null,
      fingerprintUrl: null,
      responseId: expect.any(String),
      z2,
      z3,
    });
    expect((await everySandboxRow(t.ctx.db)).length).toBe(before);
  });

  it('takes a card that expires at the end of this month', async () => {
    expect((await tokenise(monthAgo(0))).json().z2).toBe('0');
  });

  it('reads the form as a browser sends it, with a charset', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: TOKENISE,
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      payload: new URLSearchParams(cardForm(t.ctx.config)).toString(),
    });
    expect(res.json().z2).toBe('0');
  });

  it('lets a page of any origin read the answer: the static key is public', async () => {
    const res = await tokenise();
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('takes forms only, and small ones', async () => {
    const json = await t.app.inject({ method: 'POST', url: TOKENISE, payload: cardForm(t.ctx.config) });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ error: 'Unsupported content type.' });
    const big = await tokenise({ cardHolder: 'x'.repeat(FORM_BODY_LIMIT_BYTES) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'The request body is too large.' });
  });
});

describe('what tokenisation leaves behind', () => {
  it('no card number and no security code in any row of any sandbox table', async () => {
    for (const number of Object.values(CARDS)) await tokenise({ cardNumber: number });
    await tokenise({ cardNumber: '4000-0000-0000-0002' });
    const rows = await everySandboxRow(t.ctx.db);
    expect(rows.length).toBeGreaterThanOrEqual(Object.values(CARDS).length);
    const found: string[] = [];
    for (const { table, cells } of rows) {
      for (const cell of cells) {
        const text = String(cell);
        for (const number of Object.values(CARDS))
          if (text.includes(number)) found.push(`${number} in ${table}`);
        // Short enough to occur inside a hash by chance: only a whole cell counts.
        if (text === SECURITY_CODE) found.push(`security code in ${table}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('no card number and no security code in the log, even at trace level', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = { ...t.ctx.config, LOG_LEVEL: 'trace' as const };
    const app = Fastify({ logger: { ...(loggerOptions(config) as object), stream } });
    await app.register(cardProviderSandbox, {
      db: t.ctx.db,
      baseUrl: 'http://localhost:3000/sandbox/card-provider',
      appOrigin: 'http://localhost:3000',
      merchants: [{ merchantId: 'm', staticKey: 's', secretKey: 'secret' }],
    });
    try {
      const form = { merchantId: 'm', staticKey: 's' };
      await postForm(app, '/tokenise', cardForm(t.ctx.config, { ...form, cardNumber: CARDS.challenge }));
      await postForm(app, '/tokenise', cardForm(t.ctx.config, { ...form, cardNumber: '4111111111111112' }));
      await postForm(app, '/tokenise', cardForm(t.ctx.config, { ...form, cardHolder: 'x'.repeat(9000) }));
    } finally {
      await app.close();
    }
    expect(lines.length).toBeGreaterThan(0);
    const log = lines.join('');
    expect(log).toContain('/tokenise');
    expect(log).not.toContain(CARDS.challenge);
    expect(log).not.toContain('4111111111111112');
    expect(log).not.toContain(`"${SECURITY_CODE}"`);
  });
});
