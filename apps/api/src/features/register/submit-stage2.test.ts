import { cardRefusalText } from '@lender/contract/card-refusals';
import { ErrorId } from '@lender/contract/error-ids';
import { Refusal } from '@lender/contract/refusals';
import { Msg } from '@lender/contract/rules/messages';
import { AppStatus } from '@lender/contract/status';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decrypt } from '../../lib/secrets';
import { CARDS, everySandboxRow, nextYear, SECURITY_CODE } from '../../sandbox/card-provider/test-support';
import {
  answerBankChallenge,
  applicantAt,
  createStage2Payload,
  fingerprint,
  tokeniseCard,
} from '../../test/application-journey';
import { databaseTables, tableRows } from '../../test/quality/tables';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://apply.kestrel.example' });
});
afterEach(() => t.close());

const submit = (authorization: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/Register/SubmitStage2', headers: { authorization }, payload });
const application = () => t.ctx.db.selectFrom('applications').selectAll().executeTakeFirstOrThrow();
const cards = () => t.ctx.db.selectFrom('cards').selectAll().execute();
const decisions = (kind: string) =>
  t.ctx.db.selectFrom('application_decisions').selectAll().where('kind', '=', kind).execute();

/** Tokenises `card` and answers the fingerprint as a browser would, then submits stage 2. */
async function checkCard(authorization: string, card: string, overrides: object = {}) {
  const tokenised = await tokeniseCard(t, card);
  const payload = createStage2Payload(tokenised, await fingerprint(t, tokenised), overrides);
  return { tokenised, payload, res: await submit(authorization, payload) };
}

const answerChallenge = (redirectUrl: string, decision: 'confirm' | 'fail') =>
  answerBankChallenge(t, redirectUrl, decision);

describe('Register/SubmitStage2', () => {
  it('accepts a frictionless card: stores what the provider confirmed and moves to cardAccepted', async () => {
    const { authorization } = await applicantAt(t, 'stage2');
    const { tokenised, res } = await checkCard(authorization, CARDS.frictionless);
    const app = await application();
    expect(tokenised.fingerprintUrl).toBeNull();
    expect(res.json()).toEqual({
      error: { errorID: 0, errorMessage: '' },
      object: { appStatusID: AppStatus.cardAccepted, appGuid: app.guid, redirectUrl: null },
    });
    expect(app.status_id).toBe(AppStatus.cardAccepted);

    const [card] = await cards();
    expect(card).toMatchObject({
      application_id: app.id,
      provider_trx_id: tokenised.trxId,
      last4: '1111',
      exp_month: 12,
      exp_year: nextYear(),
      holder_name: 'Jane Doe',
      billing_is_home: 1,
      billing_post_code: null,
    });
    // The provider's token is sealed: readable with DATA_KEY only.
    expect(decrypt(card!.provider_token_sealed, t.ctx.config.DATA_KEY)).toMatch(/^\S{20,}$/);
    expect(await decisions('card-accepted')).toHaveLength(1);
  });

  it('stores a billing address that is not the home address', async () => {
    const { authorization } = await applicantAt(t, 'stage2');
    const address = {
      autoAddress: false,
      postCode: 'm1 1ae',
      county: null,
      town: 'Manchester',
      street: 'Market Street',
      building: 'Arndale House',
      houseNumber: null,
      flatNo: '4',
      address: null,
      country: 'United Kingdom',
      isHomeAddress: false,
    };
    const { res } = await checkCard(authorization, CARDS.other, { address });
    expect(res.json().error.errorID).toBe(0);
    const [card] = await cards();
    expect(card).toMatchObject({
      last4: '4444',
      billing_is_home: 0,
      billing_post_code: 'M1 1AE',
      billing_flat_no: '4',
      billing_building: 'Arndale House',
      billing_address_str: 'Flat 4, Arndale House, Market Street, Manchester, M1 1AE',
    });
  });

  it('sends a card that needs the bank to its challenge, and accepts it once the challenge is passed', async () => {
    const { authorization } = await applicantAt(t, 'stage2');
    const { payload, res } = await checkCard(authorization, CARDS.challenge);
    const { redirectUrl, appStatusID } = res.json().object;
    expect(payload.isSignature).toBe(true);
    expect(appStatusID).toBe(AppStatus.offerAccepted);
    expect(redirectUrl).toMatch(/\/sandbox\/card-provider\/challenge\?/);
    expect(await cards()).toEqual([]);

    const back = await answerChallenge(redirectUrl, 'confirm');
    // Back on our own stage 2, whatever the page asked for.
    expect(`${back.origin}${back.pathname}`).toBe('https://apply.kestrel.example/loan/stage2');
    expect(back.searchParams.get('z2')).toBe('0');

    const again = await submit(authorization, payload);
    expect(again.json().object).toMatchObject({ appStatusID: AppStatus.cardAccepted, redirectUrl: null });
    expect(await cards()).toHaveLength(1);
  });

  // Issue 45 item 5: one card check on two customers.
  it("refuses another applicant's card check, changing nothing of theirs; its owner's still goes on", async () => {
    const a = await applicantAt(t, 'stage2');
    const b = await applicantAt(t, 'stage2');
    const { payload, res } = await checkCard(a.authorization, CARDS.challenge);
    const { redirectUrl } = res.json().object;
    await answerChallenge(redirectUrl, 'confirm');
    const both = () =>
      t.ctx.db.selectFrom('applications').select(['customer_id', 'status_id']).orderBy('id').execute();
    const statusOfB = async () => (await both())[1]!.status_id;
    const before = await statusOfB();

    const stolen = await submit(b.authorization, payload);
    expect(stolen.json()).toEqual({ error: Refusal.cardCheckNotYours, object: null });
    expect(await cards()).toEqual([]);
    expect(await statusOfB()).toBe(before);
    expect(await decisions('card-accepted')).toEqual([]);

    const own = await submit(a.authorization, payload);
    expect(own.json().object).toMatchObject({ appStatusID: AppStatus.cardAccepted, redirectUrl: null });
    expect((await cards()).map((c) => c.customer_id)).toEqual([(await both())[0]!.customer_id]);
  });

  it('declines a card whose challenge failed, and lets the applicant try another card', async () => {
    const { authorization } = await applicantAt(t, 'stage2');
    const { payload, res } = await checkCard(authorization, CARDS.challenge);
    const back = await answerChallenge(res.json().object.redirectUrl, 'fail');
    expect(back.searchParams.get('z2')).toBe('05');

    const declined = await submit(authorization, payload);
    expect(declined.json()).toEqual({
      error: { errorID: ErrorId.cardDeclined, errorMessage: cardRefusalText('05') },
      object: null,
    });
    expect((await application()).status_id).toBe(AppStatus.cardDeclined);

    const retry = await checkCard(authorization, CARDS.frictionless);
    expect(retry.res.json().object.appStatusID).toBe(AppStatus.cardAccepted);
  });

  it.each([
    [CARDS.declined, 'Do not honour: your card issuer declined the check.', '05'],
    [CARDS.expired, 'Expired card.', '54'],
  ])(
    'declines card %s in plain words with a next step, recording the provider text for staff, storing no card',
    async (card, text, z2) => {
      const { authorization } = await applicantAt(t, 'stage2');
      const { res } = await checkCard(authorization, card);
      expect(res.json()).toEqual({
        error: { errorID: ErrorId.cardDeclined, errorMessage: cardRefusalText(z2) },
        object: null,
      });
      expect(res.body).not.toContain(text);
      expect((await application()).status_id).toBe(AppStatus.cardDeclined);
      expect(await cards()).toEqual([]);
      const [decision] = await decisions('card-declined');
      expect(decision?.reason).toBe(`provider z2 ${z2}: ${text}`);
    },
  );

  it('declines a key and transaction the provider does not know, changing nothing else', async () => {
    const { authorization } = await applicantAt(t, 'stage2');
    const tokenised = await tokeniseCard(t);
    const res = await submit(authorization, createStage2Payload({ ...tokenised, key: 'not-the-key' }, false));
    expect(res.json().error.errorID).toBe(ErrorId.cardDeclined);
    expect(await cards()).toEqual([]);
  });

  it('refuses a payload that carries the card number or the security code', async () => {
    const { authorization } = await applicantAt(t, 'stage2');
    const tokenised = await tokeniseCard(t);
    const creditCard = {
      nameOnCard: 'Jane Doe',
      endMonth: 11,
      endYear: nextYear(),
      cardNumber: CARDS.frictionless,
    };
    const res = await submit(authorization, createStage2Payload(tokenised, false, { creditCard }));
    expect(res.statusCode).toBe(400);
    expect(res.json().object.fields.creditCard).toBe(Msg.cardNotHere);
    expect((await application()).status_id).toBe(AppStatus.offerAccepted);
  });

  it('refuses the card check before the quote is accepted and after the card was accepted', async () => {
    const early = await applicantAt(t, 'stage2');
    await t.ctx.db.updateTable('applications').set({ status_id: AppStatus.applicationNew }).execute();
    const before = await checkCard(early.authorization, CARDS.frictionless);
    expect(before.res.json().error.errorID).toBe(ErrorId.stageClosed);
    expect(await cards()).toEqual([]);

    await t.ctx.db.updateTable('applications').set({ status_id: AppStatus.offerAccepted }).execute();
    expect((await checkCard(early.authorization, CARDS.frictionless)).res.json().error.errorID).toBe(0);
    const after = await checkCard(early.authorization, CARDS.other);
    expect(after.res.json().error.errorID).toBe(ErrorId.stageClosed);
    expect(await cards()).toHaveLength(1);
  });

  it('answers errorID 213 and changes nothing when the provider does not answer', async () => {
    await t.close();
    // A provider URL where nothing listens: the adapter's fetch fails at once.
    t = await createTestApp({ CARD_PROVIDER_URL: 'http://127.0.0.1:9/provider' });
    const { authorization } = await applicantAt(t, 'stage2');
    const res = await submit(authorization, {
      creditCard: { nameOnCard: 'Jane Doe', endMonth: 11, endYear: nextYear() },
      address: null,
      pKey: 'a-key',
      trxId: 'a-transaction',
      isSignature: false,
    });
    expect(res.json()).toEqual({
      error: {
        errorID: ErrorId.cardCheckUnavailable,
        errorMessage: 'The card check is not available just now. Please try again in a few minutes.',
      },
      object: null,
    });
    expect((await application()).status_id).toBe(AppStatus.offerAccepted);
  });

  it("leaves no card number, security code or account number in any table, ours or the sandbox's", async () => {
    await applicantAt(t, 'esign');
    for (const card of [CARDS.challenge, CARDS.declined]) await tokeniseCard(t, card).catch(() => undefined);
    const ours = await Promise.all(databaseTables().map((table) => tableRows(t.ctx.db, table)));
    const providers = (await everySandboxRow(t.ctx.db)).map((row) => JSON.stringify(row));
    const everything = [...ours.flat(), ...providers].join('\n');
    expect(everything).toContain('"last4":"1111"');
    for (const secret of [CARDS.frictionless, CARDS.challenge, CARDS.declined, '31926819']) {
      expect(everything).not.toContain(secret);
    }
    // The code as a text of its own: a figure in pence may hold the same four digits.
    expect(everything).not.toMatch(new RegExp(`"[^"]*(?<!\\d)${SECURITY_CODE}(?!\\d)[^"]*"`));
  });

  it('writes no card number, security code or account number to the log, even at trace level', async () => {
    await t.close();
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream });
    const { authorization } = await applicantAt(t, 'esign');
    // And the refused ones: a card number sent to our API, a declined card.
    const tokenised = await tokeniseCard(t, CARDS.declined);
    const creditCard = {
      nameOnCard: 'Jane Doe',
      endMonth: 11,
      endYear: nextYear(),
      cardNumber: CARDS.challenge,
    };
    await submit(authorization, createStage2Payload(tokenised, false, { creditCard }));

    const log = lines.join('');
    expect(log).toContain('/api/Register/SubmitStage4');
    for (const secret of [CARDS.frictionless, CARDS.challenge, CARDS.declined, '31926819', '123456']) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(new RegExp(`"${SECURITY_CODE}"|=${SECURITY_CODE}\\b`));
  });
});
