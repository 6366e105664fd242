import type { TestApp } from '../../test/test-app';

type Envelope = { error: { errorID: number; errorMessage: string }; object: unknown };

/** One of our calls, as the web app makes it with the customer's session. */
export async function callAs(t: TestApp, authorization: string, path: string, payload?: object) {
  const res = await t.app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/api/OpenBanking/${path}`,
    headers: { authorization },
    ...(payload ? { payload } : {}),
  });
  return res.json<Envelope>();
}

/** Starts a connection at `bankId` for `returnTo`, answering the bank's page URL. */
export async function startAt(
  t: TestApp,
  authorization: string,
  bankId = 'sandbox-bank',
  returnTo = 'stage3',
) {
  const body = await callAs(t, authorization, 'StartConnection', { bankId, returnTo });
  if (body.error.errorID !== 0) throw new Error(`StartConnection refused: ${body.error.errorMessage}`);
  return new URL((body.object as { authoriseUrl: string }).authoriseUrl);
}

/**
 * The applicant at the sandbox bank's consent page: it is opened, then its form sent with a sandbox
 * customer and Approve (or Deny), as the browser would. Answers where the bank sends the browser back.
 */
export async function atTheBank(t: TestApp, authoriseUrl: URL, choice: { customer: string } | 'deny') {
  const page = await t.app.inject({ method: 'GET', url: `${authoriseUrl.pathname}${authoriseUrl.search}` });
  if (page.statusCode !== 200) throw new Error(`the bank's page answered ${page.statusCode}`);
  const q = authoriseUrl.searchParams;
  const form = new URLSearchParams({
    client_id: q.get('client_id') ?? '',
    bank_id: q.get('bank_id') ?? '',
    consent_id: q.get('consent_id') ?? '',
    state: q.get('state') ?? '',
    redirect_uri: q.get('redirect_uri') ?? '',
    ...(choice === 'deny' ? { decision: 'deny' } : { customer: choice.customer, decision: 'approve' }),
  });
  const sent = await t.app.inject({
    method: 'POST',
    url: authoriseUrl.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  if (sent.statusCode !== 303) throw new Error(`the bank's form answered ${sent.statusCode}: ${sent.body}`);
  return new URL(sent.headers.location as string);
}

/** Our return page's call with what the bank sent back. */
export const completeFrom = (t: TestApp, authorization: string, back: URL) =>
  callAs(t, authorization, 'CompleteConnection', {
    state: back.searchParams.get('state'),
    ...(back.searchParams.get('code') ? { code: back.searchParams.get('code') } : {}),
    ...(back.searchParams.get('error') ? { error: back.searchParams.get('error') } : {}),
  });

/** The whole connection: started, approved as `customer` at the sandbox bank, completed. */
export async function connectAs(t: TestApp, authorization: string, customer: string, returnTo = 'stage3') {
  const back = await atTheBank(t, await startAt(t, authorization, 'sandbox-bank', returnTo), { customer });
  return completeFrom(t, authorization, back);
}
