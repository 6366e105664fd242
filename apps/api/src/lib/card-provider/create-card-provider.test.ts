import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardSandboxTransport } from '../../sandbox/card-provider/register-sandbox';
import { CARDS, cardForm, methodData, nextYear, postForm } from '../../sandbox/card-provider/test-support';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { CardProvider } from './card-provider';
import { createCardProvider } from './create-card-provider';

/** The adapter against the real built-in sandbox: in process first, then over a listening port. */
let t: TestApp;
let provider: CardProvider;
const sandbox = () => cardSandboxTransport(t.ctx);
beforeAll(async () => {
  t = await createTestApp();
  provider = createCardProvider(t.ctx.config, sandbox);
});
afterAll(() => t?.close());

const RETURN_URL = 'http://localhost:3000/loan/stage2';
const SANDBOX = '/sandbox/card-provider';

/**
 * What the stage 2 page does before its server confirms: tokenise, then the fingerprint if asked. For
 * the slow card the page stops waiting for the fingerprint, so the test does not post it at all.
 */
async function browserCheck(cardNumber: string) {
  const tokenised = (
    await postForm(t.app, `${SANDBOX}/tokenise`, cardForm(t.ctx.config, { cardNumber }))
  ).json();
  if (tokenised.fingerprintUrl && cardNumber !== CARDS.slowFingerprint) {
    await postForm(t.app, new URL(tokenised.fingerprintUrl).pathname, {
      threeDSMethodData: methodData(tokenised.trxId),
    });
  }
  return { key: tokenised.key as string, trxId: tokenised.trxId as string, returnUrl: RETURN_URL };
}

const approvedCard = (last4: string) => ({
  outcome: 'approved',
  z2: '0',
  z3: '',
  card: {
    token: expect.stringMatching(/^tok_/),
    last4,
    expMonth: 12,
    expYear: nextYear(),
    holder: 'Jane Doe',
  },
});

/** The applicant's answer on the bank's page, as the browser posts it; where the browser is sent back. */
async function answerChallenge(redirectUrl: string, decision: 'confirm' | 'fail') {
  const url = new URL(redirectUrl);
  const page = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
  expect(page.statusCode).toBe(200);
  const res = await postForm(t.app, url.pathname, { trxId: url.searchParams.get('trxId')!, decision });
  return new URL(res.headers.location as string);
}

describe('createCardProvider with the built-in sandbox (in process)', () => {
  it.each([
    ['the frictionless card', CARDS.frictionless, () => approvedCard('1111')],
    [
      'the declined card',
      CARDS.declined,
      () => ({
        outcome: 'declined',
        z2: '05',
        z3: 'Do not honour: your card issuer declined the check.',
      }),
    ],
    ['the expired card', CARDS.expired, () => ({ outcome: 'declined', z2: '54', z3: 'Expired card.' })],
    ['the slow-fingerprint card', CARDS.slowFingerprint, () => approvedCard('3063')],
    ['any other card', CARDS.other, () => approvedCard('4444')],
    // Thunks: the card's expiry year follows the business date this file's app sets in beforeAll, not the
    // one another file in the same worker left behind when the table was collected.
  ])('confirms %s', async (_name, number, expected) => {
    expect(await provider.confirm(await browserCheck(number))).toEqual(expected());
  });

  it('sends the challenge card to the bank, then approves it once the challenge is passed', async () => {
    const check = await browserCheck(CARDS.challenge);
    const first = await provider.confirm(check);
    expect(first).toEqual({
      outcome: 'challenge',
      z2: '0',
      z3: 'Your bank asks you to confirm the check.',
      redirectUrl: `http://localhost:3000${SANDBOX}/challenge?trxId=${check.trxId}`,
    });
    // Asked again before the applicant has answered, the bank is still waiting.
    expect(await provider.confirm(check)).toEqual(first);
    if (first.outcome !== 'challenge') return;

    const back = await answerChallenge(first.redirectUrl, 'confirm');
    expect(back.origin + back.pathname).toBe(RETURN_URL);
    expect(back.searchParams.get('z2')).toBe('0');
    expect(await provider.confirm(check)).toEqual(approvedCard('3220'));
  });

  it('declines the challenge card when the challenge is failed', async () => {
    const check = await browserCheck(CARDS.challenge);
    const first = await provider.confirm(check);
    if (first.outcome !== 'challenge') throw new Error(`expected a challenge, got ${first.outcome}`);
    await answerChallenge(first.redirectUrl, 'fail');
    expect(await provider.confirm(check)).toEqual({
      outcome: 'declined',
      z2: '05',
      z3: 'Your bank could not confirm the check.',
    });
  });

  it('answers a repeated confirm the same, token included', async () => {
    const check = await browserCheck(CARDS.other);
    const first = await provider.confirm(check);
    expect(first.outcome).toBe('approved');
    expect(await provider.confirm(check)).toEqual(first);
  });

  it('charges a token once per reference, however often the charge is sent', async () => {
    const approved = await provider.confirm(await browserCheck(CARDS.frictionless));
    if (approved.outcome !== 'approved') throw new Error(`expected approved, got ${approved.outcome}`);
    const { token } = approved.card;
    const first = await provider.charge({ token, amountPence: 23_456, reference: 'instalment-1' });
    expect(first).toEqual({ outcome: 'approved', chargeId: expect.any(String), z2: '0', z3: '' });
    expect(await provider.charge({ token, amountPence: 23_456, reference: 'instalment-1' })).toEqual(first);
    const second = await provider.charge({ token, amountPence: 23_456, reference: 'instalment-2' });
    expect(second).toMatchObject({ outcome: 'approved' });
    expect(second).not.toEqual(first);
  });

  it('gets nothing with the wrong secret key: the provider refuses it', async () => {
    const check = await browserCheck(CARDS.frictionless);
    const intruder = createCardProvider(
      { ...t.ctx.config, CARD_PROVIDER_SECRET_KEY: 'not-the-secret' },
      sandbox,
    );
    expect(await intruder.confirm(check)).toEqual({ outcome: 'unavailable', reason: 'HTTP 401' });
    const publicKey = createCardProvider(
      { ...t.ctx.config, CARD_PROVIDER_SECRET_KEY: t.ctx.config.CARD_PROVIDER_STATIC_KEY },
      sandbox,
    );
    expect(await publicKey.confirm(check)).toEqual({ outcome: 'unavailable', reason: 'HTTP 401' });
    // The rightful merchant still confirms it.
    expect(await provider.confirm(check)).toMatchObject({ outcome: 'approved' });
  });
});

describe('createCardProvider with CARD_PROVIDER_URL (over the network)', () => {
  it('speaks the same protocol to the sandbox on a listening port', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const remote = createCardProvider(
      { ...t.ctx.config, CARD_PROVIDER_URL: `http://127.0.0.1:${port}${SANDBOX}/` },
      sandbox,
    );
    const check = await browserCheck(CARDS.other);
    const approved = await remote.confirm(check);
    expect(approved).toEqual(approvedCard('4444'));
    if (approved.outcome !== 'approved') return;
    const charged = await remote.charge({
      token: approved.card.token,
      amountPence: 1_000,
      reference: 'net-1',
    });
    expect(charged).toMatchObject({ outcome: 'approved', z2: '0' });
    expect(
      await remote.charge({ token: approved.card.token, amountPence: 1_000, reference: 'net-1' }),
    ).toEqual(charged);
  });
});
