import { randomUUID } from 'node:crypto';
import { nextYear } from '../sandbox/card-provider/test-support';
import { fingerprint, tokeniseCard } from './application-journey';
import { ledger, myAccountGet } from './live-loan';
import type { TestApp } from './test-app';

/** `MyAccountArea/CardPayment` as the browser sends it, under a new idempotency key unless one is given. */
export const cardPayment = (
  t: TestApp,
  authorization: string,
  body: object,
  key: string | null = randomUUID(),
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/MyAccountArea/CardPayment',
    headers: { authorization, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });

/** The total due in pounds, as the account page reads it. */
export const totalDue = async (t: TestApp, authorization: string): Promise<number> =>
  (await myAccountGet(t, 'GetTotalDue', authorization)).json().object;

export const cardPayments = async (t: TestApp, applicationId: number) =>
  (await ledger(t, applicationId)).filter((r) => r.type === 'card-payment');

/** What the card sandbox charged (its own table, outside the app's schema types). */
export const sandboxCharges = (t: TestApp) =>
  t.ctx.db
    .selectFrom('card_sandbox_charges' as never)
    .select(['reference' as never, 'amount_pence' as never])
    .execute() as Promise<{ reference: string; amount_pence: number }[]>;

/** A card the browser had the provider check: tokenised, fingerprinted, never its number in the body. */
export async function newCard(t: TestApp, cardNumber: string) {
  const tokenised = await tokeniseCard(t, cardNumber);
  return {
    useExistingCard: false,
    card: { nameOnCard: 'Jane Doe', endMonth: 11, endYear: nextYear() },
    pKey: tokenised.key,
    trxId: tokenised.trxId,
    isSignature: await fingerprint(t, tokenised),
  };
}

export const round2 = (pounds: number) => Math.round(pounds * 100) / 100;
