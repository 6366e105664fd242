import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { nextYear } from '../sandbox/card-provider/test-support';
import { fingerprint, tokeniseCard } from './application-journey';
import {
  esignPost,
  linkOf,
  readyToSign,
  signingLinkSentTo,
  smsCodeSentTo,
  stage5Payload,
} from './esign-journey';
import { myAccountGet, type settledLoan } from './live-loan';
import type { TestApp } from './test-app';

/** A customer whose loan is repaid, as the repeat-loan tests start from. */
export type Customer = Awaited<ReturnType<typeof settledLoan>>;

export const register = (
  t: TestApp,
  method: 'GET' | 'POST',
  action: string,
  authorization: string,
  payload?: object,
  key?: string,
) =>
  t.app.inject({
    method,
    url: `/api/Register/${action}`,
    headers: { authorization, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });

export const repeatLoan = (t: TestApp, c: Customer, body: object, key: string | null = randomUUID()) =>
  register(t, 'POST', 'RepeatLoan', c.authorization, body, key ?? undefined);

/** A new card the browser had the provider check: the card without its number, with the provider's key. */
export async function newCard(t: TestApp, cardNumber: string) {
  const tokenised = await tokeniseCard(t, cardNumber);
  return {
    useExistingCard: false,
    creditCard: { creditCard: { nameOnCard: 'Jane Doe', endMonth: 11, endYear: nextYear() }, address: null },
    pKey: tokenised.key,
    trxId: tokenised.trxId,
    isSignature: await fingerprint(t, tokenised),
  };
}

export const applicationsOf = (t: TestApp, customerId: number) =>
  t.ctx.db
    .selectFrom('applications')
    .select(['id', 'guid', 'status_id', 'amount_pence', 'period', 'source'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();

export const newestOf = async (t: TestApp, customerId: number) =>
  (await applicationsOf(t, customerId)).at(-1)!;

export const status = async (t: TestApp, c: Customer) =>
  (await register(t, 'GET', 'GetApplicationStatus', c.authorization)).json().object as {
    appStatusID: number;
    appGuid: string | null;
    isEnd: boolean;
  };

export const canRepeat = async (t: TestApp, c: Customer) =>
  (await myAccountGet(t, 'GetBorrowingSummary', c.authorization)).json().object.canRepeat as boolean;

/** Signs the newest e-mailed link of the customer: e-mail verified, documents read, SMS code entered. */
export async function sign(t: TestApp, c: Customer) {
  const link = await signingLinkSentTo(t, c.email);
  const signer = { ...link, email: c.email };
  const documents = await readyToSign(t, signer);
  const code = await smsCodeSentTo(t, c.mobile);
  const signed = await esignPost(t, 'SubmitStage5', stage5Payload(link.guid, code), linkOf(signer));
  expect(signed.json().error.errorID).toBe(0);
  return { guid: link.guid, documents };
}
