import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esignGet, linkOf, signerAt } from '../test/esign-journey';
import { createSession } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('answers with tokens or personal data are never stored (issue 26, 6)', () => {
  it('sends Cache-Control: no-store on Login, RefreshToken, GetAccountDetails and the e-sign calls', async () => {
    const session = await createSession(t.ctx);
    const signer = await signerAt(t);
    const answers = {
      Login: await t.app.inject({
        method: 'POST',
        url: '/api/Account/Login',
        payload: { userName: 'someone@example.com', password: 'Wrong-Guess-1' },
      }),
      RefreshToken: await t.app.inject({
        method: 'POST',
        url: '/api/Account/RefreshToken',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(session.refreshToken),
      }),
      GetAccountDetails: await t.app.inject({
        method: 'GET',
        url: '/api/Account/GetAccountDetails',
        headers: { authorization: session.authorization },
      }),
      GetEsign: await esignGet(t, 'GetEsign', { guid: signer.guid }, linkOf(signer)),
      GetApplicationStatus: await t.app.inject({
        method: 'GET',
        url: '/api/Register/GetApplicationStatus',
        headers: { authorization: signer.authorization },
      }),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['cache-control'], name).toBe('no-store');
    }
  });
});
