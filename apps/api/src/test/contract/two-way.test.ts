import { calls, callPath, type CallDef, type CallName } from '@lender/contract/api-calls';
import { ROLE_PERMISSIONS, STAFF_ROLES, type Permission } from '@lender/contract/staff-permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleFor } from '../quality/examples';
import { multipart, SAMPLE } from '../documents';
import { createStaffSession } from '../staff';
import { createStage1Payload } from '../stage1-payload';
import { createTestApp, type TestApp } from '../test-app';
import { intended, type Difference } from './differences';
import { documentValidator, fetchDocument, inputSchemaOf, type DocumentValidator } from './openapi-document';
import { targetedVariants } from './targeted-variants';
import { deriveVariants, type Variant } from './variants';

/**
 * The published document and the server agree both ways. For every call, requests near a valid one are
 * judged by Ajv against the document's request schema and sent to the server: a request the document
 * allows must not be refused with 400, and one it forbids must be. Every answer must also be one the
 * document gives for its status. A disagreement fails unless `differences.ts` lists it, with its reason.
 */

type Input = { body?: unknown; query?: Record<string, string> };
type Seen = { call: CallName; variant: string; server: Difference['server']; detail: string };

const names = Object.keys(calls) as CallName[];
let t: TestApp;
let v: DocumentValidator;
let token = '';
const seen: Seen[] = [];
/** An answer the document does not describe, once per call, status and reason, with its first variant. */
const badAnswers = new Map<string, string>();
let requests = 0;

/** An applicant with an open application, so the quote calls reach their own rules. */
async function newApplicant() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Register/SubmitStage1',
    payload: createStage1Payload(),
  });
  return res.json().object.token as string;
}

beforeAll(async () => {
  t = await createTestApp();
  v = documentValidator(await fetchDocument(t.app));
  token = await newApplicant();
});
afterAll(() => t?.close());

const staffCookies = new Map<string, string>();
/**
 * The session cookie of a staff member whose role holds the permission: one per role, but a session of
 * its own for a call that ends its session (signing out), which would sign out the calls after it.
 */
async function staffCookie(name: CallName, permission: Permission | 'any') {
  const role = STAFF_ROLES.find((r) => permission === 'any' || ROLE_PERMISSIONS[r].includes(permission))!;
  if (name === 'staffLogout') return (await createStaffSession(t.ctx, role)).cookie;
  if (!staffCookies.has(role)) staffCookies.set(role, (await createStaffSession(t.ctx, role)).cookie);
  return staffCookies.get(role)!;
}

/** The call's input schema in the document: its body, or its query parameters as one object. */
const inputSchema = (def: CallDef) => inputSchemaOf(v.operationOf(def.method, callPath(def)));

/** A query variant as it can travel: text values only (null, objects and lists cannot be sent). */
function asQuery(value: unknown): Record<string, string> | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const out: Record<string, string> = {};
  for (const [k, item] of Object.entries(value)) {
    if (item === null || typeof item === 'object') return null;
    out[k] = String(item);
  }
  return out;
}

async function probe(name: CallName, def: CallDef, variant: string, input: Input) {
  const path = callPath(def);
  const headers: Record<string, string> = {};
  if (def.auth === 'session') headers.authorization = `Bearer ${token}`;
  // A staff call is judged past its session and permission: a role that holds it signs in.
  if (typeof def.auth === 'object') headers.cookie = await staffCookie(name, def.auth.staff);
  if (input.body !== undefined) headers['content-type'] = 'application/json';
  const res = await t.app.inject({
    method: def.method,
    url: input.query ? `${path}?${new URLSearchParams(input.query)}` : path,
    headers,
    ...(input.body !== undefined ? { payload: JSON.stringify(input.body) } : {}),
  });
  requests++;
  // A file call's success is its file (the audit's CSV), which the document gives by its media type.
  const file = res.statusCode === 200 && !String(res.headers['content-type']).startsWith('application/json');
  const body = file ? null : res.json();
  const answer = `HTTP ${res.statusCode} errorID ${body?.error?.errorID} '${String(body?.error?.errorMessage).slice(0, 80)}'`;

  const wrong = file
    ? [def.file].flat().some((type) => String(res.headers['content-type']).startsWith(type!))
      ? null
      : `a ${String(res.headers['content-type'])} file`
    : v.checkResponse(def.method, path, res.statusCode, body);
  const key = `${name} HTTP ${res.statusCode}: ${wrong}`;
  if (wrong && !badAnswers.has(key))
    badAnswers.set(key, `${name} / ${variant}: ${answer} is not what the document says: ${wrong}`);

  const documentRefuses = v.checkRequest(def.method, path, input);
  // 413: a body past the size limit is refused before its fields are read.
  const serverRefuses = res.statusCode === 400 || res.statusCode === 413;
  if ((documentRefuses !== null) !== serverRefuses) {
    seen.push({
      call: name,
      variant,
      server: serverRefuses ? 'refuses' : 'accepts',
      detail: `document ${documentRefuses ? `refuses (${documentRefuses})` : 'allows'}, server ${answer}`,
    });
  }
  // A call that succeeded may have moved the application on (an accepted quote cannot be recalculated):
  // the next request starts from a fresh applicant, so each one meets the same rules.
  if (def.auth === 'session' && def.method === 'POST' && res.statusCode === 200 && body.error.errorID === 0) {
    token = await newApplicant();
  }
}

/**
 * A multipart call (an upload): Ajv judges JSON, so here each request is one a browser could send, and
 * what must hold is that every answer is one the document gives, and that refusals are 400s.
 */
async function probeUpload(name: CallName, def: CallDef) {
  const path = callPath(def);
  const cases: [variant: string, parts: Parameters<typeof multipart>[0], status: number][] = [
    [
      'as given',
      [
        { name: 'documentCategoryID', value: '1' },
        { name: 'file', fileName: 'a.pdf', type: 'application/pdf', bytes: SAMPLE.pdf },
      ],
      200,
    ],
    ['no file', [{ name: 'documentCategoryID', value: '1' }], 400],
    ['unknown category', [{ name: 'documentCategoryID', value: '999' }], 400],
    [
      'a file that is not a PDF, PNG or JPEG',
      [
        { name: 'documentCategoryID', value: '2' },
        { name: 'file', fileName: 'a.pdf', type: 'application/pdf', bytes: SAMPLE.text },
      ],
      400,
    ],
  ];
  for (const [variant, parts, status] of cases) {
    const form = multipart(parts);
    const res = await t.app.inject({
      method: def.method,
      url: path,
      headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
      payload: form.payload,
    });
    requests++;
    expect(res.statusCode, `${name} / ${variant}: ${res.body}`).toBe(status);
    const wrong = v.checkResponse(def.method, path, res.statusCode, res.json());
    expect(wrong, `${name} / ${variant}`).toBeNull();
  }
}

const listed = (d: { call: CallName; variant: string; server: string }, list: Difference[]) =>
  list.some((l) => l.call === d.call && l.server === d.server && l.variants.includes(d.variant));

/** The schema of a field in the call's input, through nested objects and nullable branches. */
function fieldSchema(def: CallDef, dotted: string) {
  type Node = { properties?: Record<string, Node>; anyOf?: Node[]; description?: string };
  return dotted.split('.').reduce<Node | undefined>(
    (node, key) => {
      const holder = [node, ...(node?.anyOf ?? [])].find((n) => n?.properties?.[key]);
      return holder?.properties?.[key];
    },
    inputSchema(def) as Node,
  );
}

describe('the OpenAPI document and the server agree on every call', () => {
  for (const name of names) {
    const def: CallDef = calls[name];
    it(`${def.method} ${callPath(def)}`, async () => {
      if (def.input === 'none') return probe(name, def, 'as given', {});
      if (def.input === 'multipart') return probeUpload(name, def);
      const first = exampleFor(name);
      expect(first, `${name} needs a valid example in examples.ts`).toBeDefined();
      const start = def.input === 'body' ? first!.body : first!.query;
      const variants: Variant[] = [
        { name: 'as given', change: (e) => e },
        ...deriveVariants(inputSchema(def), start),
        ...(targetedVariants()[name] ?? []),
      ];
      for (const variant of variants) {
        const example = exampleFor(name)!;
        if (def.input === 'body') {
          await probe(name, def, variant.name, { body: variant.change(example.body) });
        } else {
          const query = asQuery(variant.change(example.query));
          if (query) await probe(name, def, variant.name, { query });
        }
      }
    });
  }

  it('differ only where listed, and every listed difference still happens', () => {
    const unlisted = seen.filter((d) => !listed(d, intended));
    const stale = intended.flatMap((l) =>
      l.variants
        .filter(
          (variant) => !seen.some((d) => d.call === l.call && d.variant === variant && d.server === l.server),
        )
        .map((variant) => `listed but no longer seen: ${l.call} / ${variant} (server ${l.server})`),
    );
    const report = [...unlisted.map((d) => `unlisted: ${d.call} / ${d.variant}: ${d.detail}`), ...stale];
    console.warn(`two-way contract: ${requests} requests, ${seen.length} intended differences`);
    expect(report, report.join('\n')).toEqual([]);
  });

  it("each intended difference is explained in its field's description in the document", () => {
    const undescribed = intended
      .filter((d) => !fieldSchema(calls[d.call], d.field)?.description)
      .map((d) => `${d.call}: ${d.field}`);
    expect([...new Set(undescribed)], 'fields without a description').toEqual([]);
  });

  it('every answer is one the document gives for its status', () => {
    const lines = [...badAnswers.values()];
    expect(lines, lines.join('\n')).toEqual([]);
  });
});
