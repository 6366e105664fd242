import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { CARDS, cardForm, postAsMerchant, postForm } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const BASE = '/sandbox/card-provider';
const RETURN_URL = 'http://localhost:3000/loan/stage2';

/** The challenge card tokenised and confirmed once, so its challenge is open. */
async function openChallenge() {
  const { key, trxId } = (
    await postForm(t.app, `${BASE}/tokenise`, cardForm(t.ctx.config, { cardNumber: CARDS.challenge }))
  ).json();
  const confirm = () =>
    postAsMerchant(t.app, `${BASE}/api/confirm`, t.ctx.config.CARD_PROVIDER_SECRET_KEY, {
      merchantId: t.ctx.config.CARD_PROVIDER_MERCHANT_ID,
      key,
      trxId,
      returnUrl: RETURN_URL,
    });
  const opened = (await confirm()).json();
  expect(opened).toMatchObject({
    outcome: 'challenge',
    redirectUrl: `http://localhost:3000${BASE}/challenge?trxId=${trxId}`,
  });
  return {
    trxId: trxId as string,
    confirm,
    page: new URL(opened.redirectUrl).pathname + new URL(opened.redirectUrl).search,
  };
}

const answer = (trxId: string, decision: string) => postForm(t.app, `${BASE}/challenge`, { trxId, decision });

describe('the test bank challenge', () => {
  it('is an accessible page without script or inline style, under its own policy', async () => {
    const { trxId, page } = await openChallenge();
    const res = await t.app.inject({ method: 'GET', url: page });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toContain('<html lang="en-GB">');
    expect(html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain('<main>');
    expect(html).toContain('<h1>Confirm the card check</h1>');
    expect(html).toContain("<p>This is the card provider's test bank. Confirm the check to continue.</p>");
    expect(html).toContain('Card ending in 3220');
    expect(html).toContain('<form method="post" action="challenge">');
    expect(html).toContain(`<input type="hidden" name="trxId" value="${trxId}">`);
    expect(html).toContain('<button type="submit" name="decision" value="confirm">Confirm</button>');
    expect(html).toContain(
      '<button type="submit" name="decision" value="fail" class="secondary">Fail the check</button>',
    );
    expect(html).not.toMatch(/<script|<style|style=/i);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'self'; form-action 'self' http://localhost:3000; frame-ancestors 'none'; base-uri 'none'",
    );
  });

  it('serves its stylesheet as a file', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/challenge.css` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.body).toContain('.actions');
  });

  it('Confirm sends the browser back with the success code, and the confirm then approves', async () => {
    const { trxId, confirm } = await openChallenge();
    const res = await answer(trxId, 'confirm');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${RETURN_URL}?z2=0&z3=&trxId=${trxId}`);
    expect((await confirm()).json()).toMatchObject({ outcome: 'approved', z2: '0' });
  });

  it('Fail the check sends the browser back with the code and text, and the confirm then declines', async () => {
    const { trxId, confirm } = await openChallenge();
    const res = await answer(trxId, 'fail');
    expect(res.statusCode).toBe(303);
    const back = new URL(res.headers.location as string);
    expect(back.origin + back.pathname).toBe(RETURN_URL);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      z2: '05',
      z3: 'Your bank could not confirm the check.',
      trxId,
    });
    expect((await confirm()).json()).toEqual({
      outcome: 'declined',
      z2: '05',
      z3: 'Your bank could not confirm the check.',
      redirectUrl: null,
      card: null,
    });
  });

  it('keeps the first answer when the page is answered twice (a double click)', async () => {
    const { trxId, page, confirm } = await openChallenge();
    await answer(trxId, 'fail');
    const again = await answer(trxId, 'confirm');
    expect(again.statusCode).toBe(303);
    expect(new URL(again.headers.location as string).searchParams.get('z2')).toBe('05');
    expect((await confirm()).json().outcome).toBe('declined');
    // Nothing is waiting any more.
    expect((await t.app.inject({ method: 'GET', url: page })).statusCode).toBe(404);
  });

  it('is not there for a transaction whose challenge has not been opened, or is unknown', async () => {
    const { trxId } = (
      await postForm(t.app, `${BASE}/tokenise`, cardForm(t.ctx.config, { cardNumber: CARDS.challenge }))
    ).json();
    for (const id of [trxId, '6f1d0a4e-0000-4000-8000-000000000000']) {
      const page = await t.app.inject({ method: 'GET', url: `${BASE}/challenge?trxId=${id}` });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('<h1>No card check is waiting here</h1>');
      expect((await answer(id, 'confirm')).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/challenge` })).statusCode).toBe(404);
    expect((await answer(trxId, 'maybe')).statusCode).toBe(400);
  });
});
