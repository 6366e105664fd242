import type { Stage1Payload } from '@lender/contract/calls/register';
import { applicantAt, type Journey } from './application-journey';
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

/** The guid and signing token of the e-sign page link in the newest e-sign e-mail to `email`. */
export async function signingLinkSentTo(t: TestApp, email: string) {
  const { text } = await newestTo(t, email);
  const match = /https?:\/\/\S+\/loan\/stage5\/([0-9a-f-]{36})#(\S+)/.exec(text);
  if (!match) throw new Error(`no signing link in the e-mail: ${text}`);
  return { guid: match[1]!, signingToken: match[2]! };
}

/**
 * An applicant whose application waits for e-sign: the guid and signing token of the e-mailed link (what
 * the holder of that e-mail has) and their contacts.
 */
export async function signerAt(t: TestApp, stage1: Partial<Stage1Payload> = {}, journey: Journey = {}) {
  const applicant = await applicantAt(t, 'esign', stage1, journey);
  const email = applicant.payload.email.toLowerCase();
  const { guid, signingToken } = await signingLinkSentTo(t, email);
  return {
    guid,
    signingToken,
    email,
    mobile: applicant.payload.mobile,
    authorization: applicant.authorization,
  };
}

/** The header of the signing link's holder; without it an e-sign call is a stranger's with a guid. */
export const linkOf = (signer: { signingToken: string }) => ({ 'x-signing-token': signer.signingToken });

export const esignGet = (
  t: TestApp,
  action: string,
  query: Record<string, string>,
  headers: Record<string, string> = {},
) => t.app.inject({ method: 'GET', url: `/api/Register/${action}?${new URLSearchParams(query)}`, headers });

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
export async function readyToSign(t: TestApp, signer: { guid: string; email: string; signingToken: string }) {
  const link = await verificationSentTo(t, signer.email);
  const checked = await esignGet(t, 'CheckEmailVerification', link);
  if (!checked.json().object?.verified) throw new Error('the e-mail link did not verify');
  const esign = await esignGet(t, 'GetEsign', { guid: signer.guid }, linkOf(signer));
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
