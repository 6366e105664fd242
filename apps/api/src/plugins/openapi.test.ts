import { calls, callPath, type CallName } from '@lender/contract/api-calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

type Operation = {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  parameters?: { in: string; name: string }[];
  responses: Record<string, unknown>;
};
type OpenApiDoc = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
};

let t: TestApp;
let doc: OpenApiDoc;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = JSON.parse(res.body);
});
afterAll(() => t?.close());

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

describe('OpenAPI document at /api/docs/json', () => {
  it('is an OpenAPI 3 document with info and paths', () => {
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info.title).toEqual(expect.any(String));
    expect(doc.info.version).toEqual(expect.any(String));
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
    expect(doc.paths['/api/Register/SubmitStage1']?.post).toBeDefined();
  });

  it('lists every call of the contract with its method and a 200 response', () => {
    for (const name of Object.keys(calls) as CallName[]) {
      const def = calls[name];
      const op = doc.paths[callPath(def)]?.[def.method.toLowerCase()];
      expect(op, `${def.method} ${callPath(def)}`).toBeDefined();
      expect(op!.responses['200'], name).toBeDefined();
      expect(op!.tags, name).toEqual([def.controller]);
      if (def.auth === 'session') expect(op!.security, name).toEqual([{ bearer: [] }]);
      if (def.input === 'body') expect(op!.requestBody?.content['application/json'], name).toBeDefined();
      if (def.input === 'query')
        expect(
          op!.parameters?.some((p) => p.in === 'query'),
          name,
        ).toBe(true);
    }
  });

  it('is well formed: valid methods, unique operation ids, resolvable $refs, a declared bearer scheme', () => {
    const ids = new Set<string>();
    for (const [p, item] of Object.entries(doc.paths)) {
      expect(p.startsWith('/')).toBe(true);
      for (const [method, op] of Object.entries(item)) {
        expect(HTTP_METHODS, `${method} ${p}`).toContain(method);
        expect(Object.keys(op.responses).length, `${method} ${p}`).toBeGreaterThan(0);
        if (op.operationId) {
          expect(ids.has(op.operationId), op.operationId).toBe(false);
          ids.add(op.operationId);
        }
      }
    }
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    for (const ref of refs) {
      expect(ref.startsWith('#/'), ref).toBe(true);
      const target = ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
      expect(target, ref).toBeDefined();
    }
    expect(doc.components?.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('hides the internal routes', () => {
    expect(doc.paths['/api/health']).toBeUndefined();
    expect(doc.paths['/api/dev/outbox']).toBeUndefined();
    expect(doc.paths['/dev/outbox']).toBeUndefined();
  });

  it('serves a browsable page at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const page =
      res.statusCode === 302 ? await t.app.inject({ method: 'GET', url: res.headers.location! }) : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});
