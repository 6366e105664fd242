import { LANDING_COOKIE } from '@lender/contract/calls/lead-provider';
import { expect } from 'vitest';
import { CARDS, nextYear } from '../sandbox/card-provider/test-support';
import { fingerprint, tokeniseCard } from './application-journey';
import { createLead, proveLanding } from './lead';
import { workingDayAhead } from './stage1-payload';
import { createTestApp, type TestApp } from './test-app';

export type Res = Awaited<ReturnType<TestApp['app']['inject']>>;

/** The landing cookie a response sets (its value), or undefined. */
export const cookieSetBy = (res: Res) => {
  const header = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${LANDING_COOKIE}=`));
  return header;
};
export const cookieValue = (res: Res) => /^lead_landing=([^;]*)/.exec(cookieSetBy(res) ?? '')?.[1];
export const withCookie = (cookie: string | undefined) =>
  cookie ? { cookie: `${LANDING_COOKIE}=${cookie}` } : {};

export const land = (t: TestApp, guid: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/LeadProvider/LeadLanded?guid=${guid}`,
    headers: withCookie(cookie),
  });

export const quoteTerms = (overrides: Record<string, unknown> = {}) => ({
  period: 3,
  amount: 400,
  repaymentDate: workingDayAhead(10),
  wageFrequencyID: 9,
  ...overrides,
});
export const getQuote = (t: TestApp, guid: string, terms = quoteTerms()) =>
  t.app.inject({
    method: 'GET',
    url: `/api/LeadProvider/GetQuote?${new URLSearchParams({ guid, ...Object.fromEntries(Object.entries(terms).map(([k, v]) => [k, String(v)])) })}`,
  });

/** The card as the landing page sends it once the provider tokenised it (number and code to the provider only). */
export async function cardPart(t: TestApp, card: string = CARDS.frictionless) {
  const tokenised = await tokeniseCard(t, card);
  return {
    creditCard: { nameOnCard: 'Jane Doe', endMonth: 11, endYear: nextYear() },
    address: null,
    pKey: tokenised.key,
    trxId: tokenised.trxId,
    isSignature: await fingerprint(t, tokenised),
  };
}
export const submit = (t: TestApp, guid: string, cookie: string | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/LeadProvider/SubmitLandedLead',
    headers: withCookie(cookie),
    payload: { guid, ...quoteTerms(), ...payload },
  });
export const event = (
  t: TestApp,
  guid: string,
  eventID: number,
  sessionID = 's-1',
  remoteAddress = '127.0.0.1',
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/LeadProvider/LeadLandedEvent',
    payload: { providerID: guid, eventID, sessionID, data: null },
    remoteAddress,
  });

/** A lead opened on its landing page: the cookie this browser holds, not yet proved the applicant's. */
export async function landedUnproven(t: TestApp, overrides: Parameters<typeof createLead>[1] = {}) {
  const lead = await createLead(t, overrides);
  const res = await land(t, lead.guid);
  expect(res.json().error.errorID).toBe(0);
  return { ...lead, cookie: cookieValue(res)! };
}

/** A lead opened on its landing page by its applicant, who entered the code sent to their mobile (issue 45). */
export async function landed(t: TestApp, overrides: Parameters<typeof createLead>[1] = {}) {
  const lead = await landedUnproven(t, overrides);
  await proveLanding(t, lead, lead.cookie);
  return lead;
}

export const application = (t: TestApp, id: number) =>
  t.ctx.db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
export const leadRow = (t: TestApp, applicationId: number) =>
  t.ctx.db
    .selectFrom('partner_leads')
    .selectAll()
    .where('application_id', '=', applicationId)
    .executeTakeFirstOrThrow();
export const outboxTo = (t: TestApp, to: string) =>
  t.ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', to).orderBy('id').execute();

/** A landing call's refusal: HTTP 200 with the errorID and no object. */
export const refused = (res: Res, errorID: number) => {
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ error: { errorID }, object: null });
};

/** The public address the landing tests run under: https, so the landing cookie is `Secure`. */
export const LANDING_PUBLIC_URL = 'https://apply.kestrel.example';

/** A test app serving the landing pages at `LANDING_PUBLIC_URL`. */
export const createLandingApp = () => createTestApp({ PUBLIC_URL: LANDING_PUBLIC_URL });
