import { calls, callPath, isStaffCall, type CallDef, type CallName } from '@lender/contract/api-calls';
import { ErrorId } from '@lender/contract/envelope';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../app';
import {
  documentValidator,
  fetchDocument,
  type DocumentValidator,
  type OpenApiDocument,
} from '../test/contract/openapi-document';
import { createSession } from '../test/factories';
import { exampleFor } from '../test/quality/examples';
import { createStage1Payload } from '../test/stage1-payload';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let doc: OpenApiDocument;
let v: DocumentValidator;
let authorization = '';
beforeAll(async () => {
  t = await createTestApp();
  doc = await fetchDocument(t.app);
  v = documentValidator(doc);
  authorization = (await createSession(t.ctx)).authorization;
});
afterAll(() => t?.close());

const names = Object.keys(calls) as CallName[];
const operation = (def: CallDef) => v.operationOf(def.method, callPath(def));

/** The call's valid example, sent as a client would, with a session when it needs one. */
function exampleRequest(name: CallName): InjectOptions {
  const def: CallDef = calls[name];
  const example = exampleFor(name) ?? {};
  return {
    method: def.method,
    url: example.query ? `${callPath(def)}?${new URLSearchParams(example.query)}` : callPath(def),
    headers: {
      ...(def.auth === 'session' ? { authorization } : {}),
      ...(example.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(example.body !== undefined ? { payload: JSON.stringify(example.body) } : {}),
  };
}

describe('OpenAPI document at /api/docs/json', () => {
  it('is an OpenAPI 3.1 document with info, the server and the bearer scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Kestrel Loans API');
    expect(doc.info.description).toContain('| 503 | maintenance |');
    expect(doc.servers).toEqual([{ url: t.ctx.config.PUBLIC_URL, description: 'This server' }]);
    expect(doc.components?.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components?.securitySchemes?.signingLink).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Signing-Token',
    });
    expect(doc.components?.securitySchemes?.staffSession).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'staff_session',
    });
    expect(doc.components?.securitySchemes?.landingCookie).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: 'lead_landing',
    });
  });

  it("describes the lead landing's cookie: set by LeadLanded, cleared by SubmitLandedLead", () => {
    const setCookie = (name: CallName) =>
      (operation(calls[name]).responses['200'] as { headers?: Record<string, { description?: string }> })
        .headers?.['Set-Cookie']?.description;
    expect(setCookie('leadLanded')).toMatch(
      /lead_landing=<token>; Path=\/api\/LeadProvider; HttpOnly; SameSite=Lax/,
    );
    expect(setCookie('submitLandedLead')).toMatch(/Max-Age=0/);
    expect(setCookie('leadGetQuote')).toBeUndefined();
  });

  it('lists every call with its method, tag, summary, security and input', () => {
    for (const name of names) {
      const def: CallDef = calls[name];
      const op = operation(def);
      expect(op.operationId, name).toBe(`${def.controller}_${def.action}`);
      // Every call under /api/staff/ is under the tag Staff (issue 48).
      expect(op.tags, name).toEqual([isStaffCall(def) ? 'Staff' : def.controller]);
      expect(op.summary, name).toEqual(expect.stringMatching(/^[A-Z]/));
      const security =
        typeof def.auth === 'object'
          ? [{ staffSession: [] }]
          : {
              session: [{ bearer: [] }],
              signing: [{ signingLink: [] }],
              partner: [{ partnerKey: [] }],
              public: [],
            }[def.auth];
      const cookie = def.landingCookie === 'requires' ? [{ landingCookie: [] }] : null;
      expect(op.security, name).toEqual(cookie ?? security);
      expect(Boolean(op.requestBody), name).toBe(def.input === 'body' || def.input === 'multipart');
      expect(op.parameters?.some((p) => p.in === 'query') ?? false, name).toBe(def.input === 'query');
    }
    expect(operation(calls.submitStage1).summary).toBe('Submit stage 1');
  });

  it('documents for each call exactly the answers it can give', async () => {
    for (const name of names) {
      const def: CallDef = calls[name];
      // 501 is documented for the calls not built yet: the ones whose valid example answers 501 today.
      const live = await t.app.inject(exampleRequest(name));
      const expected = [
        '200',
        ...(def.method === 'POST' || def.input !== 'none' ? ['400'] : []),
        ...(def.auth === 'session' || typeof def.auth === 'object' ? ['401'] : []),
        ...(typeof def.auth === 'object' ? ['403'] : []),
        ...(def.method === 'POST' ? ['413', '415'] : []),
        // The resend calls' 429 is proven live in send-verification.test.ts.
        ...(def.rateLimited ? ['429'] : []),
        '500',
        ...(live.statusCode === 501 ? ['501'] : []),
        '503',
      ];
      expect(Object.keys(operation(def).responses).sort(), name).toEqual(expected.sort());
      for (const [status, answer] of Object.entries(operation(def).responses)) {
        expect(answer.description, `${name} ${status}`).not.toBe('Default Response');
        expect(answer.content?.['application/json']?.schema, `${name} ${status}`).toBeDefined();
      }
    }
  });

  it("describes the upload's multipart body and its 10 MB limit, and the download's file types", () => {
    const upload = operation(calls.uploadDocument);
    const form = upload.requestBody?.content['multipart/form-data']?.schema as {
      properties: Record<string, { type?: string; format?: string }>;
      required: string[];
    };
    expect(Object.keys(upload.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    expect(form.properties.documentCategoryID?.type).toBe('integer');
    expect(form.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(form.required.sort()).toEqual(['documentCategoryID', 'file']);
    expect(upload.responses['413']?.description).toContain('10485760 bytes');
    const download = operation(calls.downloadDocument);
    expect(Object.keys(download.responses['200']?.content ?? {}).sort()).toEqual([
      'application/json',
      'application/pdf',
      'image/jpeg',
      'image/png',
    ]);
    // The audit's export is a CSV file for compliance (issue 48), or a JSON refusal.
    expect(Object.keys(operation(calls.auditExport).responses['200']?.content ?? {}).sort()).toEqual([
      'application/json',
      'text/csv',
    ]);
  });

  it('describes an empty object as null and an error as its one errorID', () => {
    const body = (name: CallName, status: string) =>
      operation(calls[name]).responses[status]!.content!['application/json']!.schema as {
        properties: Record<string, { properties?: Record<string, unknown> } & Record<string, unknown>>;
      };
    expect(body('reportError', '200').properties.object).toEqual({ type: 'null' });
    expect(body('submitStage1', '400').properties.error!.properties!.errorID).toMatchObject({ enum: [400] });
    expect(body('getQuote', '401').properties.object).toEqual({ type: 'null' });
    expect(body('getQuote', '500').properties.error!.properties!.errorID).toMatchObject({ enum: [100] });
    // A resend's answers say how long until the next one (decision 038); other 429s carry no object.
    expect(JSON.stringify(body('sendVerificationSms', '200'))).toContain('nextSendInSeconds');
    expect(JSON.stringify(body('sendVerificationSms', '429').properties.object)).toContain('"daily"');
    expect(body('submitStage1', '429').properties.object).toEqual({ type: 'null' });
  });

  it('describes the health routes and hides the dev routes', () => {
    for (const route of ['/api/health', '/api/health/ready']) {
      expect(Object.keys(doc.paths[route]?.get?.responses ?? {}), route).toEqual(['200', '503']);
    }
    expect(doc.paths['/api/dev/outbox']).toBeUndefined();
    expect(doc.paths['/dev/outbox']).toBeUndefined();
  });

  it('is well formed: unique operation ids and resolvable $refs', () => {
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    for (const ref of refs) {
      expect(ref.startsWith('#/'), ref).toBe(true);
      const target = ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
      expect(target, ref).toBeDefined();
    }
  });

  it('serves a browsable page at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const page =
      res.statusCode === 302 ? await t.app.inject({ method: 'GET', url: res.headers.location! }) : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});

/** Sends a request to a documented path and checks the live answer against the document with Ajv. */
async function answer(app: TestApp['app'], request: InjectOptions, status: number, errorID: number) {
  const res = await app.inject(request);
  const body = res.json();
  expect({ status: res.statusCode, errorID: body.error.errorID }).toEqual({ status, errorID });
  const path = String(request.url).split('?')[0]!;
  expect(v.checkResponse(String(request.method), path, res.statusCode, body)).toBeNull();
  return body;
}

describe('each kind of answer is what the document says (Ajv, as an integrator checks)', () => {
  const stage1 = (payload: string, contentType = 'application/json'): InjectOptions => ({
    method: 'POST',
    url: '/api/Register/SubmitStage1',
    headers: { 'content-type': contentType },
    payload,
  });

  it('200 with a result, and 200 with an empty object', async () => {
    const created = await answer(t.app, stage1(JSON.stringify(createStage1Payload())), 200, 0);
    expect(created.object.token).toEqual(expect.any(String));
    const reported = await answer(t.app, exampleRequest('reportError'), 200, 0);
    expect(reported.object).toBeNull();
  });

  it('400 with a message per field, from a body and from a query', async () => {
    const body = await answer(
      t.app,
      stage1(JSON.stringify({ ...createStage1Payload(), email: 'x' })),
      400,
      400,
    );
    expect(Object.keys(body.object.fields)).toEqual(['email']);
    const query = await answer(t.app, { method: 'GET', url: '/api/Address/Find?postCode=zz' }, 400, 400);
    expect(Object.keys(query.object.fields)).toEqual(['postCode']);
  });

  it('400 with a null object when the body cannot be read', async () => {
    const body = await answer(t.app, stage1('{"title":'), 400, 400);
    expect(body.object).toBeNull();
  });

  it('401 without a token', async () => {
    await answer(t.app, { method: 'POST', url: '/api/Register/GetQuote' }, 401, ErrorId.unauthorized);
  });

  it('413 past the body limit, 415 for a body that is not JSON', async () => {
    const big = JSON.stringify({ firstName: 'x'.repeat(BODY_LIMIT_BYTES) });
    await answer(t.app, stage1(big), 413, ErrorId.payloadTooLarge);
    await answer(t.app, stage1('<stage1/>', 'application/xml'), 415, ErrorId.unsupportedMediaType);
  });

  it('404 for an unknown path (outside the paths, so checked word for word)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Register/NoSuchCall' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { errorID: 404, errorMessage: 'Not found.' }, object: null });
  });

  it('500 when the database is gone, and both health routes say 503: the database', async () => {
    const broken = await createTestApp();
    try {
      await broken.ctx.db.destroy();
      await answer(broken.app, stage1(JSON.stringify(createStage1Payload())), 500, ErrorId.generic);
      await answer(broken.app, { method: 'GET', url: '/api/health/ready' }, 503, ErrorId.generic);
      const health = await answer(broken.app, { method: 'GET', url: '/api/health' }, 503, ErrorId.generic);
      expect(health.error.errorMessage).toBe('Database unavailable.');
    } finally {
      await broken.close().catch(() => {});
    }
  });

  it('503 in maintenance, the health routes too: a load balancer sends nothing here', async () => {
    const closed = await createTestApp({ MAINTENANCE_MODE: 'true' });
    try {
      await answer(closed.app, stage1(JSON.stringify(createStage1Payload())), 503, ErrorId.maintenance);
      await answer(closed.app, { method: 'POST', url: '/api/Register/GetQuote' }, 503, ErrorId.maintenance);
      await answer(closed.app, { method: 'GET', url: '/api/health' }, 503, ErrorId.maintenance);
      await answer(closed.app, { method: 'GET', url: '/api/health/ready' }, 503, ErrorId.maintenance);
    } finally {
      await closed.close();
    }
  });
});

describe('the API document in production (issue 26, 1)', () => {
  it('is not served unless API_DOCS=true', async () => {
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40), DATA_KEY: 'ab'.repeat(32) };
    const closed = await createTestApp(prod);
    const open = await createTestApp({ ...prod, API_DOCS: 'true' });
    try {
      for (const url of ['/api/docs', '/api/docs/json']) {
        expect((await closed.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
        expect((await open.app.inject({ method: 'GET', url })).statusCode, url).not.toBe(404);
      }
    } finally {
      await closed.close();
      await open.close();
    }
  });
});
