import { londonToday } from '@lender/contract/dates';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/secrets';
import { createTestApp, type TestApp } from '../../test/test-app';
import { cardProviderSandbox } from './plugin';
import { sandboxDb } from './tables';
import {
  CARDS,
  cardForm,
  everySandboxRow,
  postAsMerchant,
  postForm,
  storedTransaction,
} from './test-support';

/** One sandbox serving two merchants, on a real database: the protocol's edges between them. */
const ALPHA = { merchantId: 'alpha', staticKey: 'alpha-public', secretKey: 'alpha-secret' };
const BETA = { merchantId: 'beta', staticKey: 'beta-public', secretKey: 'beta-secret' };
const RETURN_URL = 'http://localhost:3000/loan/stage2';

let t: TestApp;
let sandbox: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  sandbox = Fastify();
  await sandbox.register(cardProviderSandbox, {
    db: t.ctx.db,
    baseUrl: 'http://localhost:3000/sandbox/card-provider',
    appOrigin: 'http://localhost:3000',
    merchants: [ALPHA, BETA],
  });
});
afterAll(async () => {
  await sandbox?.close();
  await t?.close();
});

async function tokenise(cardNumber: string = CARDS.frictionless, merchant = ALPHA) {
  const form = cardForm(
    { CARD_PROVIDER_MERCHANT_ID: merchant.merchantId, CARD_PROVIDER_STATIC_KEY: merchant.staticKey },
    { cardNumber },
  );
  return (await postForm(sandbox, '/tokenise', form)).json() as { key: string; trxId: string };
}

const confirm = (check: { key: string; trxId: string }, merchant = ALPHA, secretKey = merchant.secretKey) =>
  postAsMerchant(sandbox, '/api/confirm', secretKey, {
    merchantId: merchant.merchantId,
    ...check,
    returnUrl: RETURN_URL,
  });

const charge = (body: { token: string; amountPence: number; reference: string }, merchant = ALPHA) =>
  postAsMerchant(sandbox, '/api/charges', merchant.secretKey, { merchantId: merchant.merchantId, ...body });

const INVALID_TRANSACTION = {
  outcome: 'declined',
  z2: '12',
  z3: 'This card check has expired or is not known. Please enter your card details again.',
  redirectUrl: null,
  card: null,
};

describe('who may call the server-to-server API', () => {
  it.each([
    ['no authorization', undefined],
    ['the public static key', ALPHA.staticKey],
    ["another merchant's secret key", BETA.secretKey],
    ['a secret key that is nobody’s', 'guess'],
  ])('refuses %s with 401', async (_name, secret) => {
    const check = await tokenise();
    const res = await sandbox.inject({
      method: 'POST',
      url: '/api/confirm',
      headers: secret ? { authorization: `Bearer ${secret}` } : {},
      payload: { merchantId: ALPHA.merchantId, ...check, returnUrl: RETURN_URL },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'The secret key is not this merchant’s.' });
    expect((await storedTransaction(t.ctx.db, check.trxId)).token_hash).toBeNull();
  });

  it('refuses a body outside the protocol with 400, and a form with 415', async () => {
    const check = await tokenise();
    const noReturn = await postAsMerchant(sandbox, '/api/confirm', ALPHA.secretKey, {
      merchantId: ALPHA.merchantId,
      ...check,
    });
    expect(noReturn.statusCode).toBe(400);
    const badReturn = await postAsMerchant(sandbox, '/api/confirm', ALPHA.secretKey, {
      merchantId: ALPHA.merchantId,
      ...check,
      returnUrl: 'javascript:alert(1)',
    });
    expect(badReturn.statusCode).toBe(400);
    const form = await postForm(sandbox, '/api/confirm', { merchantId: ALPHA.merchantId, ...check });
    expect(form.statusCode).toBe(415);
  });
});

describe('POST /api/confirm', () => {
  it('answers approved with the card, keeping the token only as its hash', async () => {
    const check = await tokenise();
    const res = await confirm(check);
    expect(res.statusCode).toBe(200);
    const { card } = res.json();
    expect(res.json()).toEqual({
      outcome: 'approved',
      z2: '0',
      z3: '',
      redirectUrl: null,
      card: {
        token: expect.stringMatching(/^tok_[\w-]{43}$/),
        last4: '1111',
        expMonth: 12,
        expYear: expect.any(Number),
        holder: 'Jane Doe',
      },
    });
    expect((await storedTransaction(t.ctx.db, check.trxId)).token_hash).toBe(sha256(card.token));
    const cells = (await everySandboxRow(t.ctx.db)).flatMap((row) => row.cells.map(String));
    expect(cells.filter((cell) => cell.includes(card.token) || cell.includes(check.key))).toEqual([]);
  });

  it("will not confirm another merchant's transaction, even with that merchant's key", async () => {
    const alphas = await tokenise();
    expect((await confirm(alphas, BETA)).json()).toEqual(INVALID_TRANSACTION);
    // Alpha's own confirm is untouched by the attempt.
    expect((await confirm(alphas)).json().outcome).toBe('approved');
    expect((await confirm(alphas, BETA)).json()).toEqual(INVALID_TRANSACTION);
  });

  it('will not confirm a transaction with the wrong key, or once the key has expired', async () => {
    const check = await tokenise();
    const other = await tokenise();
    expect((await confirm({ key: other.key, trxId: check.trxId })).json()).toEqual(INVALID_TRANSACTION);

    expect((await confirm(check)).json().outcome).toBe('approved');
    await sandboxDb(t.ctx.db)
      .updateTable('card_sandbox_transactions')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('trx_id', '=', check.trxId)
      .execute();
    expect((await confirm(check)).json()).toEqual(INVALID_TRANSACTION);
  });
});

describe('POST /api/charges', () => {
  async function approvedToken(merchant = ALPHA) {
    const check = await tokenise(CARDS.other, merchant);
    return { token: (await confirm(check, merchant)).json().card.token as string, trxId: check.trxId };
  }

  it('refuses a reference used before for another amount or card (409), charging nothing', async () => {
    const { token } = await approvedToken();
    const first = (await charge({ token, amountPence: 12_345, reference: 'ref-409' })).json();
    expect(first).toMatchObject({ outcome: 'approved', z2: '0' });
    const otherAmount = await charge({ token, amountPence: 100, reference: 'ref-409' });
    expect(otherAmount.statusCode).toBe(409);
    const otherCard = await charge({
      token: (await approvedToken()).token,
      amountPence: 12_345,
      reference: 'ref-409',
    });
    expect(otherCard.statusCode).toBe(409);
    const rows = await sandboxDb(t.ctx.db)
      .selectFrom('card_sandbox_charges')
      .select(['amount_pence', 'charge_id'])
      .where('reference', '=', 'ref-409')
      .execute();
    expect(rows).toEqual([{ amount_pence: 12_345, charge_id: first.chargeId }]);
  });

  it("keeps each merchant's references apart", async () => {
    const alpha = await approvedToken(ALPHA);
    const beta = await approvedToken(BETA);
    const a = (await charge({ token: alpha.token, amountPence: 500, reference: 'shared-ref' }, ALPHA)).json();
    const b = (await charge({ token: beta.token, amountPence: 700, reference: 'shared-ref' }, BETA)).json();
    expect(a.outcome).toBe('approved');
    expect(b.outcome).toBe('approved');
    expect(a.chargeId).not.toBe(b.chargeId);
  });

  it("declines a token that is not the merchant's", async () => {
    const beta = await approvedToken(BETA);
    const res = await charge({ token: beta.token, amountPence: 500, reference: 'not-mine' }, ALPHA);
    expect(res.json()).toEqual({
      outcome: 'declined',
      chargeId: expect.any(String),
      z2: '12',
      z3: 'This card is not known: add it again.',
    });
  });

  it('declines a card that has expired since the check as expired (z2 "54")', async () => {
    const { token, trxId } = await approvedToken();
    await sandboxDb(t.ctx.db)
      .updateTable('card_sandbox_transactions')
      .set({ exp_year: 2020 })
      .where('trx_id', '=', trxId)
      .execute();
    const res = await charge({ token, amountPence: 500, reference: 'expired-since' });
    expect(res.json()).toMatchObject({ outcome: 'declined', z2: '54', z3: 'Expired card.' });
  });

  it('charges a card in its expiry month, and declines it as expired the month after', async () => {
    const today = londonToday();
    const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    const lastMonth =
      month === 1 ? { exp_year: year - 1, exp_month: 12 } : { exp_year: year, exp_month: month - 1 };
    const cards = sandboxDb(t.ctx.db).updateTable('card_sandbox_transactions');
    const good = await approvedToken();
    await cards.set({ exp_year: year, exp_month: month }).where('trx_id', '=', good.trxId).execute();
    const gone = await approvedToken();
    await cards.set(lastMonth).where('trx_id', '=', gone.trxId).execute();
    const charged = await charge({ token: good.token, amountPence: 500, reference: 'expires-this-month' });
    expect(charged.json()).toMatchObject({ outcome: 'approved', z2: '0' });
    const expired = await charge({ token: gone.token, amountPence: 500, reference: 'expired-last-month' });
    expect(expired.json()).toMatchObject({ outcome: 'declined', z2: '54' });
  });

  it.each([
    ['a zero amount', { amountPence: 0 }],
    ['pounds with pence as a fraction', { amountPence: 12.5 }],
    ['an empty reference', { reference: ' ' }],
  ])('refuses %s with 400', async (_name, change) => {
    const { token } = await approvedToken();
    const res = await charge({ token, amountPence: 500, reference: 'bad-input', ...change });
    expect(res.statusCode).toBe(400);
  });
});
