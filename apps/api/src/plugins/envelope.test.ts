import { calls, callPath, type CallName } from '@lender/contract/api-calls';
import { NOT_IMPLEMENTED_MESSAGE } from '@lender/contract/envelope';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../app';
import { createSession } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { registerCalls } from './calls';
import { registerEnvelopeHandlers } from './envelope';

const INTERNAL_DETAIL = 'db password is hunter2 at /srv/secret/path.ts:42';

let t: TestApp;
let authorization: string;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeReady: (app) => {
        app.get('/api/test/throws', async () => {
          throw new Error(INTERNAL_DETAIL);
        });
        app.get('/api/test/rejects-with-status', async () => {
          throw Object.assign(new Error(INTERNAL_DETAIL), { statusCode: 503 });
        });
      },
    },
  );
  ({ authorization } = await createSession(t.ctx));
});
afterAll(() => t?.close());

const json = (res: { body: string }) => JSON.parse(res.body);

describe('success envelope', () => {
  it('wraps the object with errorID 0 and an empty message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Dictionary/GetDictionaries',
      payload: { queries: [{ key: 'titles' }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = json(res);
    expect(Object.keys(body).sort()).toEqual(['error', 'object']);
    expect(body.error).toEqual({ errorID: 0, errorMessage: '' });
    expect(body.object.titles.length).toBeGreaterThan(0);
  });
});

describe('validation failures (400)', () => {
  it("answers the contract's exact field messages", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Register/SubmitStage1', payload: {} });
    expect(res.statusCode).toBe(400);
    const body = json(res);
    expect(body.error.errorID).toBe(400);
    expect(body.object.fields.firstName).toBe('Please enter your first name.');
    expect(body.object.fields.lastName).toBe('Please enter your surename.');
    // The banner text is one of the field messages, never a framework message.
    expect(Object.values(body.object.fields)).toContain(body.error.errorMessage);
  });

  it('keeps valid fields out of the messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Register/SubmitStage1',
      payload: { firstName: 'Alex' },
    });
    const body = json(res);
    expect(res.statusCode).toBe(400);
    expect(body.object.fields.firstName).toBeUndefined();
    expect(body.object.fields.lastName).toBe('Please enter your surename.');
  });

  it('validates the query string of GET calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Register/GetEsign?guid=not-a-guid' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      error: { errorID: 400, errorMessage: 'Invalid link.' },
      object: { fields: { guid: 'Invalid link.' } },
    });
  });

  it('joins nested field paths with dots', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Register/SubmitStage2',
      headers: { authorization },
      payload: { creditCard: { endMonth: 'May' }, address: null },
    });
    expect(res.statusCode).toBe(400);
    const keys = Object.keys(json(res).object.fields);
    expect(keys).toContain('creditCard.endMonth');
    expect(keys.every((k) => !k.startsWith('/'))).toBe(true);
  });

  it('answers 400 in the envelope for invalid JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Register/SubmitStage1',
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName": "Alex",',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      error: { errorID: 400, errorMessage: 'Request body is not valid JSON.' },
      object: null,
    });
  });

  it('answers 400 in the envelope for an empty JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Register/SubmitStage1',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      error: { errorID: 400, errorMessage: 'Request body is empty.' },
      object: null,
    });
  });
});

describe('transport failures', () => {
  it.each(['application/xml', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded'])(
    'answers 415 for %s',
    async (contentType) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Register/SubmitStage1',
        headers: { 'content-type': contentType },
        payload: 'a=1',
      });
      expect(res.statusCode).toBe(415);
      expect(json(res)).toEqual({
        error: { errorID: 415, errorMessage: 'Unsupported content type.' },
        object: null,
      });
    },
  );

  it('answers 413 for a body over 1 MB', async () => {
    const payload = JSON.stringify({ firstName: 'x'.repeat(BODY_LIMIT_BYTES) });
    expect(BODY_LIMIT_BYTES).toBe(1024 * 1024);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Register/SubmitStage1',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(json(res)).toEqual({
      error: { errorID: 413, errorMessage: 'Request body is too large.' },
      object: null,
    });
  });

  it('accepts a body just under the limit as far as validation', async () => {
    const payload = JSON.stringify({ firstName: 'x'.repeat(BODY_LIMIT_BYTES - 100) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Register/SubmitStage1',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).object.fields).toBeDefined();
  });

  it.each([
    ['GET', '/api/NoSuchController/NoSuchAction'],
    ['POST', '/api/Register/NoSuchAction'],
    ['GET', '/api'],
    ['GET', '/api/register/submitstage1x'],
  ])('answers 404 in the envelope for %s %s', async (method, url) => {
    const res = await t.app.inject({ method: method as 'GET' | 'POST', url });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ error: { errorID: 404, errorMessage: 'Not found.' }, object: null });
  });

  it('answers 404 in the envelope for the wrong method of a known call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Register/SubmitStage1' });
    expect(res.statusCode).toBe(404);
    expect(json(res).error.errorID).toBe(404);
  });
});

describe('unexpected faults (500)', () => {
  it.each(['/api/test/throws', '/api/test/rejects-with-status'])(
    'answers errorID 100, "Error Occured" and no internal detail for %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(json(res)).toEqual({ error: { errorID: 100, errorMessage: 'Error Occured' }, object: null });
      expect(res.body).not.toContain('hunter2');
      expect(res.body).not.toContain('secret');
      expect(res.body).not.toMatch(/stack|\.ts/i);
    },
  );
});

describe('calls not built yet', () => {
  const noInputSessionCalls = (Object.keys(calls) as CallName[]).filter(
    (name) => calls[name].input === 'none' && calls[name].auth === 'session',
  );

  it('answer 501 with errorID 501, "Not implemented yet" and nothing else (isolated)', async () => {
    // A bare instance with only the plumbing, so this holds whichever calls the real app has built.
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorateRequest('session', null);
    registerEnvelopeHandlers(app);
    registerCalls(app, t.ctx, [], new Map());
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/api/MyAccountArea/GetTotalDue',
        headers: { authorization },
      });
      expect(res.statusCode).toBe(501);
      expect(json(res)).toEqual({
        error: { errorID: 501, errorMessage: 'Not implemented yet' },
        object: null,
      });
      for (const name of noInputSessionCalls) {
        const def = calls[name];
        const r = await app.inject({ method: def.method, url: callPath(def), headers: { authorization } });
        expect(r.statusCode, name).toBe(501);
        expect(json(r), name).toEqual({
          error: { errorID: 501, errorMessage: NOT_IMPLEMENTED_MESSAGE },
          object: null,
        });
      }
      // They still check the token and the input first.
      const anonymous = await app.inject({ method: 'GET', url: '/api/MyAccountArea/GetTotalDue' });
      expect(anonymous.statusCode).toBe(401);
      const invalid = await app.inject({ method: 'POST', url: '/api/Register/SubmitStage1', payload: {} });
      expect(invalid.statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });

  it('in the real app, every call answering 501 says only "Not implemented yet"', async () => {
    for (const name of noInputSessionCalls) {
      const def = calls[name];
      const res = await t.app.inject({ method: def.method, url: callPath(def), headers: { authorization } });
      if (res.statusCode === 501) {
        expect(json(res), name).toEqual({
          error: { errorID: 501, errorMessage: 'Not implemented yet' },
          object: null,
        });
      } else {
        // A built JSON call answers in the envelope, whatever its outcome for a brand-new customer.
        if (String(res.headers['content-type']).startsWith('application/json')) {
          expect(json(res), name).toHaveProperty('error.errorID');
        }
      }
    }
  });
});
