import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { isLoopback } from './loopback-only';

let t: TestApp;
beforeAll(async () => {
  // Whatever HOST says, and even behind a trusted proxy: the socket's address decides.
  t = await createTestApp({ HOST: '0.0.0.0', TRUST_PROXY: 'true' });
});
afterAll(() => t?.close());

describe('the development helpers answer this machine only (issue 26, 1)', () => {
  it.each(['/api/dev/outbox', '/dev/outbox', '/api/dev/outbox/attachments/1'])(
    '%s is a 404 to a caller on the network, even one claiming to be local',
    async (url) => {
      const res = await t.app.inject({
        method: 'GET',
        url,
        remoteAddress: '192.0.2.44',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('@');
    },
  );

  it('answers the developer on loopback', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
    }
  });

  it.each([
    ['127.0.0.1', true],
    ['127.10.0.3', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['1270.0.0.1', false],
    [undefined, false],
  ])('isLoopback(%j) is %j', (address, expected) => {
    expect(isLoopback(address)).toBe(expected);
  });
});
