import type { Stage1Payload } from '@lender/contract/calls/register';
import { applicantAt } from './application-journey';
import type { TestApp } from './test-app';

/** The newest message to `to`, as its recipient reads it (one-time tokens put back). */
async function newestTo(t: TestApp, to: string) {
  const row = await t.ctx.db
    .selectFrom('outbox')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { ...row, ...t.ctx.outbox.revealForDevelopers(row) };
}

/** The six-digit code of the newest SMS to `mobile`. */
export async function smsCodeSentTo(t: TestApp, mobile: string): Promise<string> {
  const { text } = await newestTo(t, mobile);
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in the SMS: ${text}`);
  return code;
}

/** The verification link's query of the newest e-sign e-mail to `email`. */
export async function verificationSentTo(t: TestApp, email: string) {
  const { text } = await newestTo(t, email);
  const link = /https?:\/\/\S+\/emailverification\?\S+/.exec(text)?.[0];
  if (!link) throw new Error(`no verification link in the e-mail: ${text}`);
  const url = new URL(link);
  return { guid: url.searchParams.get('guid')!, verification: url.searchParams.get('verification')! };
}

/** An applicant whose application waits for e-sign, with the guid of the e-sign link and their contacts. */
export async function signerAt(t: TestApp, stage1: Partial<Stage1Payload> = {}) {
  const applicant = await applicantAt(t, 'esign', stage1);
  const { guid } = await t.ctx.db
    .selectFrom('applications')
    .select('guid')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { guid, email: applicant.payload.email.toLowerCase(), mobile: applicant.payload.mobile };
}

export const esignGet = (t: TestApp, action: string, query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/Register/${action}?${new URLSearchParams(query)}` });

export const esignPost = (
  t: TestApp,
  action: string,
  payload: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/Register/${action}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(payload),
  });

/** Clicks the e-mail link and opens the documents: what a customer does before signing. */
export async function readyToSign(t: TestApp, signer: { guid: string; email: string }) {
  const link = await verificationSentTo(t, signer.email);
  const checked = await esignGet(t, 'CheckEmailVerification', link);
  if (!checked.json().object?.verified) throw new Error('the e-mail link did not verify');
  const esign = await esignGet(t, 'GetEsign', { guid: signer.guid });
  if (esign.json().error.errorID !== 0) throw new Error(`GetEsign answered ${esign.body}`);
  return esign.json().object as { contract1: string; contract2: string; contract3: string };
}

export const stage5Payload = (guid: string, smsCode: string, overrides: object = {}) => ({
  smsCode,
  termsAccepted: true,
  understodInfo: true,
  guid,
  ...overrides,
});
