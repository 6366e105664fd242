import { gzipSync } from 'node:zlib';
import { Msg } from '@lender/contract/rules/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A Login request; the query, when given, starts with '?'. */
const login = (
  payload: string | Buffer,
  { headers = {}, query = '' }: { headers?: Record<string, string>; query?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/Account/Login${query}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });

describe('U+0000 in a request', () => {
  // The password is the one field of Login that its schema lets hold any character.
  it('is refused on the field that holds it, in a JSON body', async () => {
    const res = await login('{"userName":"jane@example.com","password":"Secret\\u00001"}');
    expect(res.statusCode).toBe(400);
    expect(res.json().object.fields).toEqual({ password: Msg.invalidCharacters });
  });

  it('is not seen in the text of an escaped backslash followed by u0000', async () => {
    // JSON "\\u0000" is a backslash and five letters: the login goes ahead (and fails as a login).
    const res = await login('{"userName":"jane@example.com","password":"Secret\\\\u00001"}');
    expect(res.statusCode).toBe(200);
    expect(res.json().error.errorID).toBe(230);
  });

  it('is refused on the query parameter that holds it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Address/Retrieve?id=GB%00123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().object.fields).toEqual({ id: Msg.invalidCharacters });
  });

  it('is not looked for in a parameter the call does not take, whatever its name', async () => {
    // Login takes no query: the parameter reaches no handler, and a field named __proto__ was a 500.
    const res = await login('{"userName":"jane@example.com","password":"Secret1"}', {
      query: '?__proto__=%00',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().error.errorID).toBe(230);
  });
});

describe('a compressed JSON body', () => {
  it('is refused with 415 and never inflated', async () => {
    const body = gzipSync(JSON.stringify({ userName: 'jane@example.com', password: 'Secret1' }));
    const res = await login(body, { headers: { 'content-encoding': 'gzip' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toEqual({ errorID: 415, errorMessage: 'Unsupported content encoding.' });
  });

  it('is read as usual with the identity encoding', async () => {
    const res = await login('{"userName":"jane@example.com","password":"Secret1"}', {
      headers: { 'content-encoding': 'identity' },
    });
    expect(res.json().error.errorID).toBe(230);
  });
});
