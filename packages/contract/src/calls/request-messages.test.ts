import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calls } from '../api-calls';
import { addressSchema } from '../rules/address';
import { ALL_EXPENSE_MESSAGES } from '../expenses';
import { Msg } from '../rules/messages';
import {
  changeEmailFormSchema,
  changePasswordFormSchema,
  loginFormSchema,
  resetPasswordFormSchema,
} from '../rules/password';

/**
 * Every message a request can be refused with is one of ours (rules/messages.ts), never zod's own
 * ('Too big: expected number to be <=10', 'Invalid input: expected "United Kingdom"'). The requests are
 * made from each schema's own JSON Schema: a plausible value for every field, then one field at a time
 * left out, given each wrong type, and pushed past its documented limits.
 */

const ZOD_DEFAULT = /expected|Invalid input|Too (big|small)|Unrecognized|Invalid (string|option|element|key)/;

/** A template message with its number left open: `Please use at most \d+ characters.` */
const template = (message: (n: number) => string) =>
  new RegExp(
    `^${message(987654)
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace('987654', '\\d+')}$`,
  );
const OUR_TEXTS = new Set<string>([
  ...Object.values(Msg).filter((m) => typeof m === 'string'),
  ...ALL_EXPENSE_MESSAGES,
]);
/** A template message with a phrase left open: `Please enter .+ each month in pounds, or 0.` */
const phraseTemplate = (message: (what: string) => string) =>
  new RegExp(
    `^${message('\u0000')
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace('\u0000', '.+')}$`,
  );
const OUR_TEMPLATES = [template(Msg.maxLength), phraseTemplate(Msg.monthlyFigure)];
const isOurs = (message: string) => OUR_TEXTS.has(message) || OUR_TEMPLATES.some((t) => t.test(message));

type Node = {
  type?: string;
  properties?: Record<string, Node>;
  items?: Node;
  anyOf?: Node[];
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};
type Path = (string | number)[];

const inputSchemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Node;

/** The branch of an anyOf that a plausible value takes: the first that is not null. */
const chosen = (node: Node): Node =>
  node.anyOf ? chosen(node.anyOf.find((n) => n.type !== 'null') ?? node.anyOf[0]!) : node;

/** A value of the right shape for every field; not necessarily valid (its checks are what is exercised). */
function plausible(node: Node): unknown {
  const n = chosen(node);
  if (n.enum) return n.enum[0];
  switch (n.type) {
    case 'object':
      return Object.fromEntries(Object.entries(n.properties ?? {}).map(([k, v]) => [k, plausible(v)]));
    case 'array':
      return n.items ? [plausible(n.items)] : [];
    case 'integer':
    case 'number':
      return n.minimum ?? 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'x'.repeat(Math.max(1, n.minLength ?? 1));
  }
}

/** Every field's path and schema, the whole input first. */
function fieldsOf(node: Node, path: Path = []): [Path, Node][] {
  const n = chosen(node);
  const here: [Path, Node][] = [[path, node]];
  if (n.type === 'object') {
    for (const [key, child] of Object.entries(n.properties ?? {}))
      here.push(...fieldsOf(child, [...path, key]));
  }
  if (n.type === 'array' && n.items) here.push(...fieldsOf(n.items, [...path, 0]));
  return here;
}

const MISSING = Symbol('missing');
const WRONG_TYPES: [string, unknown][] = [
  ['null', null],
  ['a boolean', false],
  ['a number', 12345],
  ['a fraction', 1.5],
  ['a string', 'wrong'],
  ['an array', []],
  ['an object', {}],
];

/** What a field is given, beyond the wrong types: its limits crossed and the odd values people send. */
function badValuesFor(node: Node): [string, unknown][] {
  const n = chosen(node);
  const out: [string, unknown][] = [...WRONG_TYPES, ['left out', MISSING]];
  if (n.type === 'string' || n.type === undefined) {
    out.push(
      ['empty', ''],
      ['blank', '   '],
      ['too long', 'x'.repeat((n.maxLength ?? 1000) + 1)],
      ['a bidi override', 'Jane\u202Eenaj'],
      ['a lone surrogate', '\uD800'],
      ['a zero-width space', 'Jo\u200Bhn'],
    );
  }
  if (n.type === 'integer' || n.type === 'number') {
    out.push(['negative', -1], ['zero', 0], ['huge', 1e308], ['unsafe', Number.MAX_SAFE_INTEGER + 2]);
    if (n.minimum !== undefined) out.push(['below the minimum', n.minimum - 1]);
    if (n.maximum !== undefined) out.push(['above the maximum', n.maximum + 1]);
  }
  if (n.enum) out.push(['not one of the choices', 'not-a-choice'], ['an unknown number', 999]);
  if (n.type === 'array') {
    const item = n.items ? plausible(n.items) : 1;
    out.push(['too many items', Array.from({ length: (n.maxItems ?? 50) + 1 }, () => item)]);
  }
  return out;
}

function withValue(base: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value === MISSING ? undefined : value;
  const copy = JSON.parse(JSON.stringify(base)) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === MISSING) delete node[last];
  else node[last] = value;
  return copy;
}

type Finding = { request: string; message: string };

/** Sends every bad request the schema's document suggests; returns the messages that are not ours. */
function walk(label: string, schema: z.ZodType): { requests: number; findings: Finding[] } {
  const document = inputSchemaOf(schema);
  const base = plausible(document);
  const findings: Finding[] = [];
  let requests = 0;
  for (const [path, node] of fieldsOf(document)) {
    for (const [what, value] of badValuesFor(node)) {
      const request = `${label} ${path.join('.') || '(whole input)'} ${what}`;
      requests++;
      let issues: z.core.$ZodIssue[];
      try {
        issues = schema.safeParse(withValue(base, path, value)).error?.issues ?? [];
      } catch (err) {
        findings.push({ request, message: `threw ${String(err)}` });
        continue;
      }
      for (const issue of issues) {
        if (ZOD_DEFAULT.test(issue.message) || !isOurs(issue.message)) {
          findings.push({ request, message: `${issue.path.join('.')}: ${issue.message}` });
        }
      }
    }
  }
  return { requests, findings };
}

const callInputs = Object.entries(calls).flatMap(([name, def]) => [
  ...('body' in def && def.body ? [[`${name} body`, def.body] as const] : []),
  ...('query' in def && def.query ? [[`${name} query`, def.query] as const] : []),
]);

/** The forms' own schemas in rules/*.ts that no call uses (yet). */
const formSchemas: [string, z.ZodType][] = [
  ['login form', loginFormSchema],
  ['reset password form', resetPasswordFormSchema],
  ['change password form', changePasswordFormSchema],
  ['change e-mail form', changeEmailFormSchema],
  ['home address', addressSchema('home')],
  ['billing address', addressSchema('billing')],
  ['lead address', addressSchema('lead')],
];

describe('request messages', () => {
  it('the walk finds a message of zod’s own where a schema gives none', () => {
    const bare = z.object({
      name: z.string().max(3),
      items: z.array(z.object({ count: z.number().int().max(10) }).nullable()),
    });
    const { requests, findings } = walk('bare', bare);
    expect(requests).toBeGreaterThan(40);
    const messages = findings.map((f) => f.message);
    expect(messages).toContain('items.0.count: Too big: expected number to be <=10');
    expect(messages).toContain('name: Too big: expected string to have <=3 characters');
    expect(messages).toContain('name: Invalid input: expected string, received undefined');
  });

  it.each(callInputs)('%s: every refusal speaks in our words', (label, schema) => {
    const { requests, findings } = walk(label, schema);
    expect(requests).toBeGreaterThan(10);
    expect(findings).toEqual([]);
  });

  it.each(formSchemas)('%s: every refusal speaks in our words', (label, schema) => {
    const { requests, findings } = walk(label, schema);
    expect(requests).toBeGreaterThan(10);
    expect(findings).toEqual([]);
  });
});
