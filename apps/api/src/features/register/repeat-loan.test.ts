import { cardRefusalText } from '@lender/contract/card-refusals';
import { randomUUID } from 'node:crypto';
import { ErrorId } from '@lender/contract/error-ids';
import { Refusal } from '@lender/contract/refusals';
import { Msg } from '@lender/contract/rules/messages';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, nextYear } from '../../sandbox/card-provider/test-support';
import {
  answerBankChallenge,
  createStage2Payload,
  fingerprint,
  tokeniseCard,
} from '../../test/application-journey';
import { signingLinkSentTo } from '../../test/esign-journey';
import {
  activeLoan,
  decisionsOf,
  eventually,
  liveLoanOf,
  myAccountGet,
  settledLoan,
  statusOf,
} from '../../test/live-loan';
import { repeatBody } from '../../test/repeat-loan-payload';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  type Customer,
  register,
  repeatLoan,
  newCard,
  applicationsOf,
  newestOf,
  status,
  canRepeat,
  sign,
} from '../../test/repeat-loan';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('Register/RepeatLoan: who may apply again', () => {
  it('refuses a customer whose loan is still being repaid, and stores nothing', async () => {
    const c = await activeLoan(t);
    expect(await status(t, c)).toMatchObject({ appStatusID: AppStatus.active, isEnd: false });
    expect(await canRepeat(t, c)).toBe(false);
    const before = await applicationsOf(t, c.customerId);

    const prefill = await register(t, 'GET', 'GetRepeatLoan', c.authorization);
    expect(prefill.json().error).toEqual(Refusal.repeatLoanNotOpen);
    const res = await repeatLoan(t, c, repeatBody(c));
    expect(res.statusCode).toBe(200);
    expect(res.json().error).toEqual(Refusal.repeatLoanNotOpen);
    expect(await applicationsOf(t, c.customerId)).toEqual(before);
  });

  it('refuses while an older loan is owed, even when the newest application has ended', async () => {
    const c = await settledLoan(t);
    expect(await canRepeat(t, c)).toBe(true);
    // A loan still owed, then a newer application that ended (declined): as data made before the rule.
    await liveLoanOf(t, c.customerId);
    const { id: loanApp } = await newestOf(t, c.customerId);
    const { id: _id, ...copy } = await t.ctx.db
      .selectFrom('applications')
      .selectAll()
      .where('id', '=', loanApp)
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('applications')
      .values({ ...copy, guid: randomUUID(), status_id: AppStatus.leadDeclined })
      .execute();
    expect(await status(t, c)).toMatchObject({ appStatusID: AppStatus.leadDeclined, isEnd: true });
    expect(await canRepeat(t, c)).toBe(false);
    const before = await applicationsOf(t, c.customerId);
    const res = await repeatLoan(t, c, repeatBody(c));
    expect(res.json().error).toEqual(Refusal.repeatLoanNotOpen);
    expect(await applicationsOf(t, c.customerId)).toEqual(before);
  });
});

describe('Register/RepeatLoan with the card and bank account on file', () => {
  let c: Customer;
  let key: string;
  let guid: string;
  beforeAll(async () => {
    c = await settledLoan(t);
  });

  it('gates on the ended application: isEnd and canRepeat', async () => {
    expect(await status(t, c)).toMatchObject({ appStatusID: AppStatus.settled, isEnd: true });
    expect(await canRepeat(t, c)).toBe(true);
  });

  it('prefills the form from the account and the last answers, the card and bank account only in part', async () => {
    const res = await register(t, 'GET', 'GetRepeatLoan', c.authorization);
    expect(res.statusCode).toBe(200);
    const prefill = res.json().object;
    expect(prefill).toMatchObject({
      netPay: 2200,
      livedInAddressID: 5,
      residentalStatusID: 7,
      maritalStatusID: 1,
      wageFrequencyID: 9,
      person: { mobile: c.mobile, email: c.email, birthDate: '1990-05-01' },
      financialData: { rent: 600, food: 250, creditCommitment: 50, utility: 0, loanPurposeID: 1 },
      employmentDetail: {
        employmentTypeID: 1,
        employmentIndustryID: 10,
        employmentName: 'Acme Ltd',
        employmentLength: 24,
      },
      currentAddress: {
        postCode: 'SW1A 2AA',
        street: 'Downing Street',
        houseNumber: '10',
        autoAddress: false,
      },
      previousAddress: null,
      cardOnFile: { last4: '1111', endMonth: 11, endYear: nextYear(), usable: true },
      bankOnFile: { sortCode: '123456', accountEnding: '6819' },
      dailyRate: 0.008,
      today: t.ctx.businessDate.today(),
    });
    expect(JSON.stringify(prefill)).not.toContain('31926819');
  });

  it('makes a new application at esignSent, with new agreements and e-sign codes', async () => {
    key = randomUUID();
    const res = await repeatLoan(t, c, repeatBody(c, { amount: 200, duration: 2 }), key);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.error.errorID).toBe(0);
    expect(body.object).toMatchObject({ appStatusID: AppStatus.esignSent, redirectUrl: null });
    guid = body.object.appGuid;
    expect(guid).not.toBe(c.guid);

    const app = await newestOf(t, c.customerId);
    expect(app).toMatchObject({
      guid,
      status_id: AppStatus.esignSent,
      amount_pence: 20_000,
      period: 2,
      source: 'repeat-loan',
    });
    const decisions = await decisionsOf(t, app.id);
    const passed = decisions.find((d) => d.kind === 'repeat-loan-passed');
    expect(passed?.reason).toContain('loans-in-12-months: 1 loans paid out in the last 12 months');
    expect(passed?.reason).toContain('combined-cost');
    expect(passed?.reason).not.toContain('DECLINES');
    expect(decisions.map((d) => d.kind)).toEqual(
      expect.arrayContaining(['repeat-loan', 'card-accepted', 'bank-details']),
    );
    // The card and bank account on file are the new application's too.
    const cards = await t.ctx.db
      .selectFrom('cards')
      .select('last4')
      .where('application_id', '=', app.id)
      .execute();
    expect(cards).toEqual([{ last4: '1111' }]);
    const banks = await t.ctx.db
      .selectFrom('bank_accounts')
      .select('id')
      .where('application_id', '=', app.id)
      .execute();
    expect(banks).toHaveLength(1);
    expect(await status(t, c)).toMatchObject({
      appStatusID: AppStatus.esignSent,
      appGuid: guid,
      isEnd: false,
    });
    expect(await canRepeat(t, c)).toBe(false);
  });

  it('answers the same key again with the same application, and makes no second one', async () => {
    const count = (await applicationsOf(t, c.customerId)).length;
    const again = await repeatLoan(t, c, repeatBody(c, { amount: 200, duration: 2 }), key);
    expect(again.json().object).toMatchObject({ appStatusID: AppStatus.esignSent, appGuid: guid });
    // The key in the body works as the header does.
    const inBody = await repeatLoan(
      t,
      c,
      repeatBody(c, { amount: 200, duration: 2, idempotencyKey: key }),
      null,
    );
    expect(inBody.json().object.appGuid).toBe(guid);
    expect((await applicationsOf(t, c.customerId)).length).toBe(count);
  });

  it('refuses the same key with other details, and a new key while the application is open', async () => {
    const count = (await applicationsOf(t, c.customerId)).length;
    const other = await repeatLoan(t, c, repeatBody(c, { amount: 300 }), key);
    expect(other.json().error).toEqual(Refusal.applicationKeyReused);
    const second = await repeatLoan(t, c, repeatBody(c));
    expect(second.json().error).toEqual(Refusal.repeatLoanNotOpen);
    expect((await applicationsOf(t, c.customerId)).length).toBe(count);
  });

  it('is signed like any application, and underwriting pays the new loan out', async () => {
    const { documents } = await sign(t, c);
    expect(documents.contract3).toContain('£200.00');
    const now = await eventually(
      () => statusOf(t, guid),
      (s) => s === AppStatus.active,
    );
    expect(now).toBe(AppStatus.active);
    const summary = (await myAccountGet(t, 'GetBorrowingSummary', c.authorization)).json().object;
    expect(summary.appGuid).toBe(guid);
    expect(summary.sobRep4[0]).toMatchObject({ amount: 200, approvedPeriod: 2 });
    expect(summary.sobRep3[0].cnt).toBe(2);
  });
});

describe('Register/RepeatLoan sent twice at once', () => {
  it('makes one application for a double click (one key) and for two tabs (two keys)', async () => {
    const c = await settledLoan(t);
    const before = (await applicationsOf(t, c.customerId)).length;
    const key = randomUUID();
    const [a, b, other] = await Promise.all([
      repeatLoan(t, c, repeatBody(c), key),
      repeatLoan(t, c, repeatBody(c), key),
      repeatLoan(t, c, repeatBody(c)),
    ]);
    const made = (await applicationsOf(t, c.customerId)).slice(before);
    expect(made).toHaveLength(1);
    const guid = made[0]!.guid;
    const answers = [a, b, other].map((r) => r.json());
    // Whichever won, every answer names that one application or refuses: never a second one.
    for (const answer of answers) {
      if (answer.error.errorID === 0) expect(answer.object.appGuid).toBe(guid);
      else expect(answer.error).toEqual(Refusal.repeatLoanNotOpen);
    }
    expect(a.json().object?.appGuid ?? null).toBe(b.json().object?.appGuid ?? null);
    const sms = await t.ctx.db
      .selectFrom('esign_codes')
      .innerJoin('applications', 'applications.id', 'esign_codes.application_id')
      .select('esign_codes.id')
      .where('applications.customer_id', '=', c.customerId)
      .where('esign_codes.channel', '=', 'sms')
      .execute();
    // The first loan's code and the new application's: the losing requests sent nothing.
    expect(sms).toHaveLength(2);
  });
});

describe('Register/RepeatLoan with a new card', () => {
  it('sends the browser to the bank first, stores nothing until it returns, then finishes under the same key', async () => {
    const c = await settledLoan(t);
    const before = await applicationsOf(t, c.customerId);
    const key = randomUUID();
    const body = repeatBody(c, await newCard(t, CARDS.challenge));
    const first = await repeatLoan(t, c, body, key);
    expect(first.json().error.errorID).toBe(0);
    const { redirectUrl } = first.json().object;
    expect(redirectUrl).toEqual(expect.any(String));
    expect(first.json().object).toMatchObject({ appStatusID: 0, appGuid: null });
    expect(await applicationsOf(t, c.customerId)).toEqual(before);

    const back = await answerBankChallenge(t, redirectUrl, 'confirm');
    expect(back.pathname).toBe('/borrow/apply');
    const again = await repeatLoan(t, c, body, key);
    expect(again.json().object).toMatchObject({ appStatusID: AppStatus.esignSent, redirectUrl: null });
    const app = await newestOf(t, c.customerId);
    const cards = await t.ctx.db
      .selectFrom('cards')
      .select('last4')
      .where('application_id', '=', app.id)
      .execute();
    expect(cards).toEqual([{ last4: '3220' }]);
  });

  // Issue 45 item 5: one card check on two customers.
  it("refuses another customer's card check, storing nothing for them; its owner's still goes on", async () => {
    const [a, b] = [await settledLoan(t), await settledLoan(t)];
    const card = await newCard(t, CARDS.challenge);
    const key = randomUUID();
    const first = await repeatLoan(t, a, repeatBody(a, card), key);
    await answerBankChallenge(t, first.json().object.redirectUrl, 'confirm');
    const before = await applicationsOf(t, b.customerId);

    const stolen = await repeatLoan(t, b, repeatBody(b, card));
    expect(stolen.json()).toEqual({ error: Refusal.cardCheckNotYours, object: null });
    expect(await applicationsOf(t, b.customerId)).toEqual(before);
    const stored = await t.ctx.db
      .selectFrom('cards')
      .select('id')
      .where('customer_id', '=', b.customerId)
      .where('provider_trx_id', '=', card.trxId)
      .execute();
    expect(stored).toEqual([]);

    const own = await repeatLoan(t, a, repeatBody(a, card), key);
    expect(own.json().object).toMatchObject({ appStatusID: AppStatus.esignSent, redirectUrl: null });
  });

  it('a declined card (211) stores the application at stage 2, which then goes to e-sign', async () => {
    const c = await settledLoan(t);
    const res = await repeatLoan(
      t,
      c,
      repeatBody(c, {
        ...(await newCard(t, CARDS.declined)),
        bankDetails: { sortCode: '20-00-00', bankAccountNumber: '55779911' },
      }),
    );
    expect(res.json().error).toEqual({
      errorID: ErrorId.repeatLoanCardDeclined,
      // The provider's 05 (do not honour) in plain words with the next step (issue 31).
      errorMessage: cardRefusalText('05'),
    });
    const app = await newestOf(t, c.customerId);
    expect(app.status_id).toBe(AppStatus.cardDeclined);
    expect(await status(t, c)).toMatchObject({ appStatusID: AppStatus.cardDeclined, appGuid: app.guid });
    const decisions = await decisionsOf(t, app.id);
    expect(decisions.map((d) => d.kind)).toContain('card-declined');

    // Stage 2 with a good card: the rest was given, so e-sign follows.
    const tokenised = await tokeniseCard(t, CARDS.frictionless);
    const stage2 = await register(
      t,
      'POST',
      'SubmitStage2',
      c.authorization,
      createStage2Payload(tokenised, await fingerprint(t, tokenised)),
    );
    expect(stage2.json().object).toMatchObject({ appStatusID: AppStatus.esignSent, appGuid: app.guid });
    const link = await signingLinkSentTo(t, c.email);
    expect(link.guid).toBe(app.guid);
  });

  it('refuses a card number sent to our API (decision 014), storing nothing', async () => {
    const c = await settledLoan(t);
    const before = await applicationsOf(t, c.customerId);
    const card = await newCard(t, CARDS.frictionless);
    const res = await repeatLoan(
      t,
      c,
      repeatBody(c, {
        ...card,
        creditCard: {
          ...card.creditCard,
          creditCard: { ...card.creditCard.creditCard, cardNumber: CARDS.frictionless },
        },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().object.fields)).toContain(Msg.cardNotHere);
    expect(await applicationsOf(t, c.customerId)).toEqual(before);
  });
});
