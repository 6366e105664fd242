import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esignGet, linkOf, signerAt } from '../../test/esign-journey';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let log = '';
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      log += String(chunk);
      done();
    },
  });
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream });
});
afterAll(() => t?.close());

describe('the request log (issue 26, 4)', () => {
  it('holds neither the guid nor the signing link of an application, whatever path or query carried them', async () => {
    const signer = await signerAt(t);
    await esignGet(t, 'GetEsign', { guid: signer.guid }, linkOf(signer));
    await t.app.inject({ method: 'GET', url: `/loan/stage5/${signer.guid}` });
    await t.app.inject({ method: 'GET', url: `/api/Register/GetEsign?access_token=${signer.signingToken}` });
    expect(log).toContain('/api/Register/GetEsign?guid=[Redacted]');
    expect(log).toContain('/loan/stage5/[Redacted]');
    expect(log).not.toContain(signer.guid);
    expect(log).not.toContain(signer.signingToken);
  });
});
