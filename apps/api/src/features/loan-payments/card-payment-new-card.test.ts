import { cardRefusalText } from '@lender/contract/card-refusals';
import { randomUUID } from 'node:crypto';
import { ErrorId } from '@lender/contract/error-ids';
import { Refusal } from '@lender/contract/refusals';
import { Msg } from '@lender/contract/rules/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS } from '../../sandbox/card-provider/test-support';
import { answerBankChallenge } from '../../test/application-journey';
import {
  cardPayment,
  cardPayments,
  newCard,
  round2,
  sandboxCharges,
  totalDue,
} from '../../test/card-payment';
import { activeLoan } from '../../test/live-loan';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('MyAccountArea/CardPayment with a new card', () => {
  it('charges a card the provider confirms, without storing it as the card on file', async () => {
    const loan = await activeLoan(t);
    const cardsBefore = await t.ctx.db.selectFrom('cards').select('id').execute();
    const due = await totalDue(t, loan.authorization);
    const res = await cardPayment(t, loan.authorization, {
      amount: round2(due / 2),
      ...(await newCard(t, CARDS.other)),
    });
    expect(res.json().error).toEqual({ errorID: 0, errorMessage: '' });
    expect(res.json().object.redirectUrl).toBeNull();
    // The receipt names the new card by its last four digits (issue 45 item 10), not the card on file.
    expect(res.json().object.receipt).toMatchObject({
      amount: round2(due / 2),
      cardLast4: CARDS.other.slice(-4),
    });
    expect(await cardPayments(t, loan.applicationId)).toHaveLength(1);
    expect(await t.ctx.db.selectFrom('cards').select('id').execute()).toEqual(cardsBefore);
  });

  // Issue 45 item 5: B's payment with A's pKey and trxId charged A's card.
  it("refuses another customer's card check, storing and charging nothing; its owner's still pays", async () => {
    const [a, b] = [await activeLoan(t), await activeLoan(t)];
    const card = await newCard(t, CARDS.other);
    const chargesBefore = (await sandboxCharges(t)).length;

    // A's check, presented by A (a new card added), then by B for a payment.
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/MyAccountArea/AddCreditCard',
      headers: { authorization: a.authorization },
      payload: {
        creditCard: card.card,
        address: null,
        pKey: card.pKey,
        trxId: card.trxId,
        isSignature: true,
      },
    });
    expect(added.json().error.errorID).toBe(0);
    const bDue = await totalDue(t, b.authorization);
    const res = await cardPayment(t, b.authorization, { amount: round2(bDue / 2), ...card });
    expect(res.json()).toEqual({ error: Refusal.cardCheckNotYours, object: null });
    expect(await cardPayments(t, b.applicationId)).toEqual([]);
    expect(
      await t.ctx.db
        .selectFrom('loan_payments')
        .select('id')
        .where('customer_id', '=', b.customerId)
        .execute(),
    ).toEqual([]);
    expect(await sandboxCharges(t)).toHaveLength(chargesBefore);

    const aDue = await totalDue(t, a.authorization);
    const own = await cardPayment(t, a.authorization, { amount: round2(aDue / 2), ...card });
    expect(own.json().error.errorID).toBe(0);
    expect(await cardPayments(t, a.applicationId)).toHaveLength(1);
  });

  it("sends the browser to the bank's challenge, and pays when the same request comes back after it", async () => {
    const loan = await activeLoan(t);
    const due = await totalDue(t, loan.authorization);
    const key = randomUUID();
    const body = { amount: round2(due / 2), ...(await newCard(t, CARDS.challenge)) };
    const first = await cardPayment(t, loan.authorization, body, key);
    const { redirectUrl } = first.json().object;
    expect(redirectUrl).toMatch(/\/sandbox\/card-provider\/challenge\?/);
    expect(await cardPayments(t, loan.applicationId)).toEqual([]);

    const back = await answerBankChallenge(t, redirectUrl, 'confirm');
    expect(`${back.origin}${back.pathname}`).toBe(new URL('/borrow/payment', t.ctx.config.PUBLIC_URL).href);
    expect(back.searchParams.get('z2')).toBe('0');
    const again = await cardPayment(t, loan.authorization, body, key);
    // Back from the challenge the page learns the outcome by sending the same request: the receipt.
    expect(again.json().object).toMatchObject({
      redirectUrl: null,
      receipt: {
        amount: body.amount,
        cardLast4: CARDS.challenge.slice(-4),
        date: t.ctx.businessDate.today(),
      },
    });
    expect(await cardPayments(t, loan.applicationId)).toHaveLength(1);
  });

  it('answers a failed challenge and a declined or expired card with the reason, and charges nothing', async () => {
    const loan = await activeLoan(t);
    const due = await totalDue(t, loan.authorization);
    const key = randomUUID();
    const body = { amount: round2(due / 2), ...(await newCard(t, CARDS.challenge)) };
    const first = await cardPayment(t, loan.authorization, body, key);
    await answerBankChallenge(t, first.json().object.redirectUrl, 'fail');
    const failed = await cardPayment(t, loan.authorization, body, key);
    expect(failed.json().error.errorID).toBe(ErrorId.cardDeclined);

    const declined = await cardPayment(t, loan.authorization, {
      amount: round2(due / 2),
      ...(await newCard(t, CARDS.declined)),
    });
    expect(declined.json().error).toEqual({
      errorID: ErrorId.cardDeclined,
      // The provider's 05 (do not honour) in plain words with the next step (issue 31).
      errorMessage: cardRefusalText('05'),
    });
    const expired = await cardPayment(t, loan.authorization, {
      amount: round2(due / 2),
      ...(await newCard(t, CARDS.expired)),
    });
    expect(expired.json().error).toEqual(Refusal.cardExpired);
    expect(await cardPayments(t, loan.applicationId)).toEqual([]);
  });

  it('refuses a body carrying the card number', async () => {
    const loan = await activeLoan(t);
    const body = await newCard(t, CARDS.frictionless);
    const res = await cardPayment(t, loan.authorization, {
      amount: 20,
      ...body,
      card: { ...body.card, cardNumber: CARDS.frictionless },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.errorMessage).toBe(Msg.cardNotHere);
  });
});
