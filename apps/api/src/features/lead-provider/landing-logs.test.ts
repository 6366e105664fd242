import { LANDING_COOKIE } from '@lender/contract/calls/lead-provider';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, nextYear } from '../../sandbox/card-provider/test-support';
import { fingerprint, tokeniseCard } from '../../test/application-journey';
import { createLead, proveLanding } from '../../test/lead';
import { smsCodeSentTo } from '../../test/esign-journey';
import { workingDayAhead } from '../../test/stage1-payload';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let logged = '';
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logged += String(chunk);
      done();
    },
  });
  t = await createTestApp({ LOG_LEVEL: 'debug' }, { logStream });
});
afterAll(() => t?.close());

describe('the landing in the logs', () => {
  it('never writes the guid, the landing cookie, the landing code or the signing token', async () => {
    const lead = await createLead(t);
    const { guid } = lead;
    const landed = await t.app.inject({ method: 'GET', url: `/api/LeadProvider/LeadLanded?guid=${guid}` });
    const cookie = /^lead_landing=([^;]+)/.exec(String(landed.headers['set-cookie']))![1]!;
    await proveLanding(t, lead, cookie);
    const code = await smsCodeSentTo(t, lead.mobile);
    const tokenised = await tokeniseCard(t, CARDS.frictionless);
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/LeadProvider/SubmitLandedLead',
      headers: { cookie: `${LANDING_COOKIE}=${cookie}` },
      payload: {
        guid,
        period: 3,
        amount: 300,
        repaymentDate: workingDayAhead(10),
        wageFrequencyID: 9,
        creditCard: { nameOnCard: 'Jane Doe', endMonth: 11, endYear: nextYear() },
        address: null,
        pKey: tokenised.key,
        trxId: tokenised.trxId,
        isSignature: await fingerprint(t, tokenised),
      },
    });
    const { signingToken } = submitted.json().object;
    expect(signingToken).toEqual(expect.any(String));
    expect(logged).toContain('LeadLanded');
    for (const secret of [guid, cookie, code, signingToken, tokenised.key])
      expect(logged).not.toContain(secret);
  });
});
