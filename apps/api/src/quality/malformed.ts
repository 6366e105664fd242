import { callPath, calls, type CallDef, type CallName } from '@lender/contract/api-calls';
import fc from 'fast-check';
import { BODY_LIMIT_BYTES } from '../app';
import { exampleFor } from './examples';
import { fieldPaths, shapeOf, type Shape } from './zod-shape';

/**
 * Malformed requests for any call of the contract, and a model of what the server must make of each.
 *
 * A probe is one HTTP request described as data. `verdict()` decides, from the exact bytes the probe
 * sends, whether the call's own zod schema would accept it: 'invalid' probes must be refused (4xx,
 * non-zero errorID, nothing written); 'valid' ones may succeed; 'unknown' marks the few encodings whose
 * server-side parsing we do not model (odd charsets, malformed percent-escapes), which only have to stay
 * below 500 and inside the envelope.
 *
 * What is generated: bodies of the wrong JSON type; objects built from the schema's own keys with fields
 * missing, extra or of the wrong type; mutations of a valid example (a field deleted, replaced, nulled,
 * stringified, wrapped in an array, given extra keys); strings of SQL and HTML injection, control
 * characters, lone surrogates and emoji, and a few of a megabyte or shaped to make a backtracking regex
 * crawl; numbers negative, -0, 1e308, 1e999, NaN and Infinity as strings, unsafe integers; JSON nested
 * 1,000 to 50,000 deep; wrong, missing and odd content types (text/plain, form-urlencoded, multipart,
 * XML, charset=utf-16); truncated JSON, trailing garbage, duplicate keys, a BOM, random bytes; malformed
 * query strings (bad percent-escapes, repeated and bracketed keys); wrong methods and paths.
 */

/** A raw JSON literal spliced into the generated text as is: `-0`, `1e999`, a 1000-deep array. */
class RawJson {
  constructor(readonly text: string) {}
}
const raw = (text: string) => new RawJson(text);

type Json = null | boolean | number | string | RawJson | Json[] | { [key: string]: Json };

export type Probe = {
  /** What kind of malformation this is, for failure reports. */
  label: string;
  method: string;
  path: string;
  /** Already encoded, without the '?'; `queryModel` is what the server's parser makes of it. */
  query: string;
  queryModel: Record<string, string | string[]> | 'unknown';
  contentType: string | undefined;
  payload: string | Buffer | undefined;
  /** Index into the session pool, or null for no Authorization header. */
  session: number | null;
};

export type Verdict = 'valid' | 'invalid' | 'unknown';

// ---------------------------------------------------------------------------------------------------
// Evil values

const SQL = [
  "' OR 1=1 --",
  "' OR '1'='1",
  "'; DROP TABLE customers; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5); --',
  "admin'--",
  "%' UNION SELECT email, mobile FROM customers --",
  '\\',
  "\\'; --",
];
const HTML = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  'javascript:alert(1)',
  '</script><script>alert(document.cookie)</script>',
  '{{7*7}}',
  '${7*7}',
  '<!--',
  ']]>',
];
const CONTROL = [
  '\u0000',
  'Jane\u0000Doe',
  '\u0001\u0002\u0003\u0004\u0005',
  '\u0007\u0008\u000b\u000c\u001b[31m',
  '\r\nX-Injected: 1\r\n\r\n',
  '\t\t',
  '\u007f\u0080\u009f',
  '\u0085\u2028\u2029',
  '\u202eevil\u202c',
  '\ufeff',
  '\ufffe\uffff',
  '\ud800',
  'a\udfffb',
  '\u200b\u200c\u200d',
];
const EMOJI = [
  '😀',
  '👨‍👩‍👧‍👦',
  '🏴󠁧󠁢󠁳󠁣󠁴󠁿',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǵ̪̓o̘',
  '𝕳𝖊𝖑𝖑𝖔',
  '\u0301\u0301\u0301',
  'Ω≈ç√∫˜µ≤≥÷',
  'ﷺ',
  '田中さんにあげて下さい',
  'مرحبا',
];
const NUMERIC_STRINGS = [
  'NaN',
  '-NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '-1e308',
  '1e999',
  '-0',
  '0x10',
  '1_000',
  '00',
  ' 1',
  '1 ',
  '+1',
  '.5',
  '9007199254740993',
  '-1',
  '0',
  '3.14',
  '300',
  '',
];
const MISC_STRINGS = [
  '',
  ' ',
  '   \n ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '../../../../etc/passwd',
  '%00',
  '%s%s%s%n',
  '__proto__',
  'constructor',
  '2024-02-30',
  '0000-00-00',
  '9999-12-31',
  'SW1A 2AA',
  '07123456789',
  'jane@example.com',
  'a@b.c',
  '00000000-0000-0000-0000-000000000000',
  'A'.repeat(10_000),
];

const memo = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

/**
 * Big strings, built once. Just under the body limit (reaches the schema), just over it (413), and
 * shapes that make a backtracking regular expression take quadratic time.
 */
const HUGE = memo(() => [
  'a'.repeat(1_000_000),
  'x'.repeat(BODY_LIMIT_BYTES + 1),
  '😀'.repeat(300_000),
  `a@${'a.'.repeat(100_000)}@`,
  `${'a'.repeat(100_000)}@${'a'.repeat(100_000)}`,
  ` ${'7'.repeat(200_000)}x`,
  `${'A1 '.repeat(60_000)}!`,
]);

const evilString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...SQL, ...HTML), weight: 4 },
  { arbitrary: fc.constantFrom(...CONTROL, ...EMOJI), weight: 4 },
  { arbitrary: fc.constantFrom(...NUMERIC_STRINGS, ...MISC_STRINGS), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ maxLength: 300 }), weight: 1 },
  {
    // An evil value inside otherwise ordinary text, as a person might paste it.
    arbitrary: fc
      .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...SQL, ...HTML, ...CONTROL, ...EMOJI))
      .map(([a, b]) => `${a}${b}${a}`),
    weight: 2,
  },
);

const evilNumber: fc.Arbitrary<Json> = fc.oneof(
  {
    arbitrary: fc.constantFrom<Json>(
      -1,
      0,
      1,
      -1e308,
      1e308,
      Number.MAX_SAFE_INTEGER + 2,
      -Number.MAX_SAFE_INTEGER - 2,
      Number.MIN_VALUE,
      0.1,
      0.5,
      1.000000001,
      2 ** 31,
      2 ** 32 + 1,
      -(2 ** 63),
      999,
      1000,
      1001,
      6,
      7,
    ),
    weight: 4,
  },
  // Literals JSON.stringify cannot produce: negative zero, overflow to Infinity, underflow, long digits.
  {
    arbitrary: fc
      .constantFrom(
        '-0',
        '-0.0',
        '1e999',
        '-1e999',
        '1e-999',
        '123456789012345678901234567890',
        '1E+2',
        '0.1e1',
      )
      .map(raw),
    weight: 3,
  },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 2 },
  { arbitrary: fc.integer(), weight: 2 },
  { arbitrary: fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e308', '-0', '12', ''), weight: 2 },
);

/** Nesting well past anything a schema expects; built as text (JSON.stringify would recurse). */
const deepJson = fc
  .tuple(fc.constantFrom(1000, 1000, 5000), fc.constantFrom('array', 'object', 'mixed'))
  .map(([depth, kind]) => {
    if (kind === 'array') return raw('['.repeat(depth) + ']'.repeat(depth));
    if (kind === 'object') return raw('{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
    return raw('[{"a":'.repeat(depth / 2) + 'null' + '}]'.repeat(depth / 2));
  });

const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'id',
  'customerId',
  'customer_id',
  'isAdmin',
  'statusID',
  '',
  ' ',
  '$where',
  'a.b',
  'a[b]',
  '😀',
  '\u0000',
];
const extraKey = fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 12 }));

const leafJson: fc.Arbitrary<Json> = fc.oneof(fc.constant(null), fc.boolean(), evilNumber, evilString);

/**
 * Objects that cannot be turned into a primitive: `String(v)`, `v < 2` or a template literal throws a
 * TypeError on them. Code that reads a field before (or without) its schema checked the type meets these.
 */
const UNPRINTABLE: Json[] = [
  { toString: 1 },
  { toString: {}, valueOf: {} },
  { valueOf: 'x', toString: null },
];

/** Any JSON value, biased to the awkward ones. */
const anyJson: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { arbitrary: leafJson, weight: 6 },
    { arbitrary: fc.constantFrom(...UNPRINTABLE), weight: 1 },
    { arbitrary: fc.array(tie('value'), { maxLength: 4 }), weight: 1 },
    { arbitrary: fc.dictionary(extraKey, tie('value'), { maxKeys: 4 }), weight: 1 },
    { arbitrary: deepJson, weight: 1 },
  ),
})).value;

// ---------------------------------------------------------------------------------------------------
// Schema-directed values

/** A value for a field: usually of the type the field wants but evil, sometimes of the wrong type. */
function valueFor(shape: Shape, depth = 0): fc.Arbitrary<Json> {
  const wrong = { arbitrary: anyJson, weight: 2 };
  switch (shape.kind) {
    case 'string':
      return fc.oneof({ arbitrary: evilString, weight: 6 }, wrong);
    case 'number':
      return fc.oneof({ arbitrary: evilNumber, weight: 6 }, wrong);
    case 'boolean':
      return fc.oneof(
        { arbitrary: fc.boolean(), weight: 4 },
        { arbitrary: fc.constantFrom<Json>('true', 'false', 0, 1, 'on', ''), weight: 2 },
        wrong,
      );
    case 'literal':
      if (!shape.values.length) return anyJson;
      return fc.oneof(
        { arbitrary: fc.constantFrom(...(shape.values as Json[])), weight: 4 },
        { arbitrary: fc.constantFrom(...shape.values.map((v) => String(v) as Json)), weight: 1 },
        wrong,
      );
    case 'object':
      return depth > 3 ? anyJson : fc.oneof({ arbitrary: objectFor(shape, depth + 1), weight: 6 }, wrong);
    case 'array':
      return depth > 3
        ? anyJson
        : fc.oneof(
            { arbitrary: fc.array(valueFor(shape.element, depth + 1), { maxLength: 8 }), weight: 6 },
            wrong,
          );
    case 'record':
      return fc.oneof(
        { arbitrary: fc.dictionary(extraKey, valueFor(shape.value, depth + 1), { maxKeys: 4 }), weight: 4 },
        wrong,
      );
    case 'union':
      return shape.options.length
        ? fc.oneof(...shape.options.map((o) => valueFor(o, depth)), anyJson)
        : anyJson;
    default:
      return anyJson;
  }
}

/** An object with any subset of the schema's fields (each typed, evil or wrong) plus extra keys. */
function objectFor(shape: Extract<Shape, { kind: 'object' }>, depth = 0): fc.Arbitrary<Json> {
  const fields = fc.record(
    Object.fromEntries(Object.entries(shape.fields).map(([k, s]) => [k, valueFor(s, depth)])),
    { requiredKeys: [] },
  );
  const extras = fc.oneof(
    { arbitrary: fc.constant({}), weight: 3 },
    { arbitrary: fc.dictionary(extraKey, anyJson, { minKeys: 1, maxKeys: 3 }), weight: 1 },
  );
  return fc.tuple(fields, extras).map(([f, e]) => ({ ...e, ...f }) as Json);
}

// ---------------------------------------------------------------------------------------------------
// Mutations of a valid example

type Mutation = {
  at: number;
  op: 'delete' | 'replace' | 'null' | 'stringify' | 'wrap' | 'extra';
  value: Json;
  key: string;
};

const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  op: fc.constantFrom<Mutation['op']>(
    'delete',
    'replace',
    'replace',
    'replace',
    'null',
    'stringify',
    'wrap',
    'extra',
  ),
  value: fc.oneof({ arbitrary: evilString, weight: 2 }, { arbitrary: evilNumber, weight: 2 }, anyJson),
  key: extraKey,
});

type Container = Json[] | { [key: string]: Json };
const isContainer = (v: unknown): v is Container =>
  typeof v === 'object' && v !== null && !(v instanceof RawJson);

/** Every (container, key) pair of a JSON tree, root first. */
function slots(root: Json): [Container, string | number][] {
  const out: [Container, string | number][] = [];
  const stack: Json[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (!isContainer(node)) continue;
    const keys: (string | number)[] = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
    for (const k of keys) {
      out.push([node, k]);
      stack.push((node as Record<string | number, Json>)[k]!);
    }
  }
  return out;
}

/**
 * A deep copy, so a mutation never edits a value fast-check hands out again (constants are shared
 * between runs); RawJson leaves are immutable and kept as they are (structuredClone would strip them).
 */
function cloneJson(value: Json): Json {
  if (Array.isArray(value)) return value.map(cloneJson);
  if (!isContainer(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cloneJson(v)]));
}

function applyMutations(example: Json, mutations: Mutation[]): Json {
  const root = { root: cloneJson(example) };
  for (const m of mutations) {
    const all: [Container, string | number][] = [[root as unknown as Container, 'root'], ...slots(root.root)];
    const [parent, key] = all[m.at % all.length]!;
    const holder = parent as Record<string | number, Json>;
    const current = holder[key]!;
    switch (m.op) {
      case 'delete':
        if (Array.isArray(parent)) parent.splice(Number(key), 1);
        else delete holder[key];
        break;
      case 'replace':
        holder[key] = cloneJson(m.value);
        break;
      case 'null':
        holder[key] = null;
        break;
      case 'stringify':
        holder[key] =
          typeof current === 'string' ? Number(current) || current.length : JSON.stringify(current);
        break;
      case 'wrap':
        holder[key] = [current];
        break;
      case 'extra':
        if (isContainer(current) && !Array.isArray(current)) current[m.key] = cloneJson(m.value);
        else holder[key] = { [m.key]: cloneJson(m.value), value: current };
        break;
    }
  }
  return root.root;
}

// ---------------------------------------------------------------------------------------------------
// Encoding

export function toJsonText(value: Json | undefined): string {
  if (value === undefined) return '';
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Lone surrogates cannot be percent-encoded; the server would see U+FFFD in their place. */
const wellFormed = (s: string) =>
  s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

const encodePairs = (pairs: [string, string][]) =>
  pairs
    .map(([k, v]) => `${encodeURIComponent(wellFormed(k))}=${encodeURIComponent(wellFormed(v))}`)
    .join('&');

/** What Fastify's query parser (fast-querystring) makes of well-encoded pairs: repeated keys -> array. */
function pairsModel(pairs: [string, string][]) {
  const out: Record<string, string | string[]> = {};
  for (const [rk, rv] of pairs) {
    const k = wellFormed(rk);
    const v = wellFormed(rv);
    const prev = Object.hasOwn(out, k) ? out[k] : undefined;
    if (prev === undefined) out[k] = v;
    else out[k] = Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

const queryValue = fc.oneof(
  { arbitrary: evilString, weight: 5 },
  { arbitrary: fc.constantFrom(...NUMERIC_STRINGS), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 1 },
);

const RAW_QUERIES = [
  '%',
  '%%',
  '%E0%A4%A',
  '%ZZ',
  '%C0%AF',
  '%ED%A0%80',
  '&&&',
  '=',
  '==',
  '?',
  '??guid=1',
  '+++',
  '%00=%00',
  'a=%F0%9F%98%80',
  ';',
  'guid',
  'guid=&guid=&guid=',
  'guid[]=1&guid[]=2',
  'guid[a]=1',
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
  'a'.repeat(5000),
  `guid=${'%41'.repeat(3000)}`,
];

type QueryPart = { query: string; queryModel: Probe['queryModel']; label: string };

function queryFor(
  def: CallDef,
  example: (() => Record<string, string>) | undefined,
): fc.Arbitrary<QueryPart> {
  const shape = def.query ? shapeOf(def.query) : undefined;
  const keys = shape?.kind === 'object' ? Object.keys(shape.fields) : [];
  const pairsArb = fc
    .tuple(
      fc.array(fc.tuple(keys.length ? fc.constantFrom(...keys) : fc.string({ maxLength: 8 }), queryValue), {
        maxLength: keys.length + 2,
      }),
      fc.array(fc.tuple(extraKey, queryValue), { maxLength: 2 }),
    )
    .map(([known, extra]): QueryPart => {
      const pairs = [...known, ...extra];
      return {
        query: encodePairs(pairs),
        queryModel: pairsModel(pairs),
        label: 'query: schema keys, evil values',
      };
    });
  const options: fc.WeightedArbitrary<QueryPart>[] = [
    { arbitrary: pairsArb, weight: 4 },
    {
      arbitrary: fc.constantFrom(...RAW_QUERIES).map((q): QueryPart => ({
        query: q,
        queryModel: /[%#]/.test(q) ? 'unknown' : pairsModel([...new URLSearchParams(q)]),
        label: 'query: malformed query string',
      })),
      weight: 2,
    },
  ];
  if (example) {
    options.push({
      arbitrary: fc
        .tuple(
          fc.array(
            fc.record({
              at: fc.nat(),
              op: fc.constantFrom('delete', 'replace', 'repeat', 'extra'),
              value: queryValue,
              key: extraKey,
            }),
            { minLength: 1, maxLength: 3 },
          ),
        )
        .map(([ops]): QueryPart => {
          let pairs = Object.entries(example());
          for (const m of ops) {
            const i = pairs.length ? m.at % pairs.length : 0;
            const target = pairs[i];
            if (m.op === 'extra' || !target) pairs = [...pairs, [m.key, m.value]];
            else if (m.op === 'delete') pairs = pairs.filter((_, j) => j !== i);
            else if (m.op === 'replace') pairs = pairs.map((p, j) => (j === i ? [p[0], m.value] : p));
            else pairs = [...pairs, [target[0], m.value]];
          }
          return {
            query: encodePairs(pairs),
            queryModel: pairsModel(pairs),
            label: 'query: mutated valid example',
          };
        }),
      weight: 4,
    });
  }
  return fc.oneof(...options);
}

// ---------------------------------------------------------------------------------------------------
// Bodies

type BodyPart = { contentType: string | undefined; payload: string | Buffer | undefined; label: string };

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8'];
const TEXT_TYPES = ['text/plain', 'text/plain; charset=utf-8'];
const REFUSED_TYPES = [
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'application/xml',
  'text/html',
  'application/octet-stream',
  'application/vnd.api+json',
  'image/png',
];
/** Types whose parsing we do not model: the server may read them as JSON or refuse them. */
const ODD_TYPES = [
  'APPLICATION/JSON',
  'application/json; charset=utf-16',
  'application/json;;',
  'application/json, text/plain',
];

function formEncode(value: Json): string {
  if (!isContainer(value)) return `value=${encodeURIComponent(wellFormed(toJsonText(value)))}`;
  return Object.entries(value)
    .map(
      ([k, v]) =>
        `${encodeURIComponent(wellFormed(k))}=${encodeURIComponent(wellFormed(typeof v === 'string' ? v : toJsonText(v)))}`,
    )
    .join('&');
}

function multipart(value: Json): string {
  const entries = isContainer(value) ? Object.entries(value) : [['value', value] as [string, Json]];
  return (
    entries
      .map(
        ([k, v]) => `------fuzz\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${toJsonText(v)}\r\n`,
      )
      .join('') + '------fuzz--\r\n'
  );
}

/** `{"a":1}` -> `{"a":1,"a":"' OR 1=1 --"}`: the parser keeps the last one. */
function duplicateFirstKey(text: string): string {
  const key = /^\{("(?:[^"\\]|\\.)*")\s*:/.exec(text)?.[1];
  return key ? `${text.slice(0, -1)},${key}:"' OR 1=1 --"}` : text;
}

/** A JSON value turned into the bytes of a request, well formed or not. */
function encodeBody(value: fc.Arbitrary<Json>): fc.Arbitrary<BodyPart> {
  return fc.oneof(
    {
      arbitrary: fc.tuple(value, fc.constantFrom(...JSON_TYPES)).map(([v, ct]): BodyPart => ({
        contentType: ct,
        payload: toJsonText(v),
        label: 'json',
      })),
      weight: 12,
    },
    {
      arbitrary: fc.tuple(value, fc.nat()).map(([v, cut]): BodyPart => {
        const text = toJsonText(v);
        return {
          contentType: 'application/json',
          payload: text.slice(0, text.length ? cut % text.length : 0),
          label: 'truncated json',
        };
      }),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(
          value,
          fc.constantFrom('bom', 'trailing', 'duplicate', 'single-quotes', 'comment', 'utf8-garbage'),
        )
        .map(([v, how]): BodyPart => {
          const text = toJsonText(v);
          const payload =
            how === 'bom'
              ? `\ufeff${text}`
              : how === 'trailing'
                ? `${text} x`
                : how === 'duplicate'
                  ? duplicateFirstKey(text)
                  : how === 'single-quotes'
                    ? text.replaceAll('"', "'")
                    : how === 'comment'
                      ? `/* x */${text}`
                      : Buffer.concat([Buffer.from([0xff, 0xfe, 0xc0, 0xaf]), Buffer.from(text)]);
          return { contentType: 'application/json', payload, label: `json variant: ${how}` };
        }),
      weight: 2,
    },
    {
      arbitrary: fc.tuple(value, fc.constantFrom(...TEXT_TYPES)).map(([v, ct]): BodyPart => ({
        contentType: ct,
        payload: typeof v === 'string' ? v : toJsonText(v),
        label: 'text/plain',
      })),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(value, fc.constantFrom(...REFUSED_TYPES, ...ODD_TYPES))
        .map(([v, ct]): BodyPart => ({
          contentType: ct,
          payload: ct.startsWith('application/x-www-form-urlencoded')
            ? formEncode(v)
            : ct.startsWith('multipart/')
              ? multipart(v)
              : toJsonText(v),
          label: `content type ${ct}`,
        })),
      weight: 3,
    },
    {
      arbitrary: value.map((v): BodyPart => ({
        contentType: undefined,
        payload: toJsonText(v),
        label: 'no content type',
      })),
      weight: 1,
    },
    {
      arbitrary: fc.constantFrom<BodyPart>(
        { contentType: 'application/json', payload: undefined, label: 'json type, no body' },
        { contentType: undefined, payload: undefined, label: 'no body' },
        { contentType: 'application/json', payload: '', label: 'empty json body' },
      ),
      weight: 1,
    },
    {
      arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes): BodyPart => ({
        contentType: 'application/json',
        payload: Buffer.from(bytes),
        label: 'random bytes',
      })),
      weight: 1,
    },
  );
}

/** One field of a valid example (or the whole body) swapped for a huge string: few of these, they are slow. */
function hugeBody(shape: Shape, example: () => Json | undefined): fc.Arbitrary<Json> {
  return fc.tuple(fc.nat(), fc.nat()).map(([which, at]) => {
    const huge = HUGE()[which % HUGE().length]!;
    const base: Json = example() ?? {};
    const paths = isContainer(base) ? slots(base).length : 0;
    if (!paths || shape.kind === 'string') return huge;
    return applyMutations(base, [{ at: (at % paths) + 1, op: 'replace', value: huge, key: '' }]);
  });
}

function bodyValueFor(def: CallDef, example: () => Json | undefined): fc.Arbitrary<Json> {
  const shape: Shape = def.body ? shapeOf(def.body) : { kind: 'unknown' };
  const options: fc.WeightedArbitrary<Json>[] = [
    { arbitrary: anyJson, weight: 8 },
    { arbitrary: valueFor(shape), weight: 16 },
    // About 1 body in 50: a megabyte costs milliseconds to build, send and parse.
    { arbitrary: hugeBody(shape, example), weight: 1 },
  ];
  if (example() !== undefined) {
    options.push({
      // A fresh example each time (new e-mail, mobile, guids), so a mutation that is still valid is a new
      // applicant rather than a duplicate, and reaches the database.
      arbitrary: fc
        .array(mutation, { minLength: 1, maxLength: 3 })
        .map((ms) => applyMutations(example()!, ms)),
      weight: 24,
    });
  }
  return fc.oneof(...options);
}

// ---------------------------------------------------------------------------------------------------
// Probes

const OTHER_METHODS = ['PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Requests that are malformed for this call, in every way listed at the top of this module. */
export function probeFor(name: CallName, sessions: number): fc.Arbitrary<Probe> {
  const def: CallDef = calls[name];
  const example = () => exampleFor(name);
  const path = callPath(def);
  const session = fc.oneof(fc.constant(null), fc.nat({ max: Math.max(0, sessions - 1) }));
  const noQuery: QueryPart = { query: '', queryModel: {}, label: '' };

  const query =
    def.input === 'query'
      ? queryFor(def, example()?.query ? () => example()!.query! : undefined)
      : fc.oneof(
          { arbitrary: fc.constant(noQuery), weight: 4 },
          { arbitrary: queryFor(def, undefined), weight: 1 },
        );
  const body: fc.Arbitrary<BodyPart> =
    def.method === 'GET'
      ? fc.oneof(
          { arbitrary: fc.constant({ contentType: undefined, payload: undefined, label: '' }), weight: 6 },
          { arbitrary: encodeBody(anyJson), weight: 1 },
        )
      : def.input === 'body'
        ? encodeBody(bodyValueFor(def, () => example()?.body as Json | undefined))
        : fc.oneof(
            { arbitrary: fc.constant({ contentType: undefined, payload: undefined, label: '' }), weight: 2 },
            { arbitrary: encodeBody(anyJson), weight: 3 },
          );
  const route = fc.oneof(
    { arbitrary: fc.constant({ method: def.method, path, label: '' }), weight: 30 },
    {
      arbitrary: fc
        .constantFrom(...OTHER_METHODS, def.method === 'GET' ? 'POST' : 'GET')
        .map((method) => ({ method, path, label: `wrong method ${method}` })),
      weight: 1,
    },
    {
      arbitrary: fc
        .constantFrom(path.toLowerCase(), `${path}/`, `${path}/x`, path.replace('/api/', '/api/api/'))
        .map((p) => ({ method: def.method, path: p, label: `wrong path ${p}` })),
      weight: 1,
    },
  );

  return fc.tuple(route, query, body, session).map(([r, q, b, s]) =>
    withToString({
      label: [r.label, q.label, b.label].filter(Boolean).join(', ') || 'plain',
      method: r.method,
      path: r.path,
      query: q.query,
      queryModel: q.queryModel,
      contentType: b.contentType,
      payload: b.payload,
      session: s,
    }),
  );
}

/**
 * Text a free-text field may well accept, which then travels all the way to the database: a NUL byte,
 * a lone surrogate, SQL and HTML, emoji, a right-to-left override, a line break.
 */
const PLAUSIBLE_EVIL_TEXT = [
  'Jane\u0000Doe',
  "O'Brien' OR 1=1 --",
  '<script>alert(1)</script>',
  '👨‍👩‍👧‍👦 Zoë',
  'Jane\ud800',
  '\u202eenaJ',
  'Jane\r\nBcc: x@example.com',
  // 249 characters, 429 once lower-cased ('İ' becomes 'i' and a combining dot): too long for varchar(254).
  `${'a'.repeat(64)}@${'İ'.repeat(180)}.com`,
];

/** Integers an int4 column holds, and the first ones it does not. */
const BIG_INTEGERS = [2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER];

/** Deterministic probes every run sends to every call: one of each malformation on the list. */
export function corpusFor(name: CallName, sessions: number): Probe[] {
  const def: CallDef = calls[name];
  const example = exampleFor(name);
  const path = callPath(def);
  const session = sessions > 0 ? 0 : null;
  const base: Probe = {
    label: '',
    method: def.method,
    path,
    query: example?.query ? encodePairs(Object.entries(example.query)) : '',
    queryModel: example?.query ? pairsModel(Object.entries(example.query)) : {},
    contentType: undefined,
    payload: undefined,
    session,
  };
  const probes: Probe[] = [];
  const add = (label: string, p: Partial<Probe>) => probes.push(withToString({ ...base, ...p, label }));
  const json = (v: Json) => ({ contentType: 'application/json', payload: toJsonText(v) });
  /** A fresh valid body each time: a still-valid mutation of stage1 is then a new applicant, not a duplicate. */
  const valid = () => (exampleFor(name)?.body ?? {}) as Json;

  if (def.method === 'POST') {
    const shape: Shape = def.body ? shapeOf(def.body) : { kind: 'unknown' };
    const top: [string, Json][] = [
      ['null body', null],
      ['number body', 1],
      ['string body', 'x'],
      ['boolean body', true],
      ['array body', [valid()]],
      ['empty object', {}],
      ['deep nested arrays (1000)', raw('['.repeat(1000) + ']'.repeat(1000))],
      ['deep nested objects (1000)', raw('{"a":'.repeat(1000) + '1' + '}'.repeat(1000))],
      ['deep nested arrays (50000)', raw('['.repeat(50_000) + ']'.repeat(50_000))],
    ];
    for (const [label, v] of top) add(label, json(v));
    add('truncated json', {
      contentType: 'application/json',
      payload: toJsonText(valid()).slice(0, -1) || '{',
    });
    add('empty json body', { contentType: 'application/json', payload: '' });
    add('no body', {});
    for (const ct of [...REFUSED_TYPES, 'text/plain']) {
      const v = valid();
      add(`content type ${ct}`, {
        contentType: ct,
        payload: ct.startsWith('application/x-www-form-urlencoded')
          ? formEncode(v)
          : ct.startsWith('multipart/')
            ? multipart(v)
            : toJsonText(v),
      });
    }
    if (def.input === 'body') {
      const sample = valid();
      const paths = isContainer(sample) ? slots(sample).length : 0;
      // Each field once missing, and once one of: wrong type, -0, 1e999, 1e308, -1, NaN as a string, SQL,
      // HTML, control characters, emoji, a deeply nested value; capped for the widest schemas.
      const evil: [string, Json][] = [
        ['wrong type', { x: [1] }],
        ['-0', raw('-0')],
        ['1e999', raw('1e999')],
        ['1e308', 1e308],
        ['-1', -1],
        ['NaN as string', 'NaN'],
        ['SQL', "' OR 1=1 --"],
        ['HTML', '<script>alert(1)</script>'],
        ['control characters', 'a\u0000b\u001b\u0007'],
        ['emoji', '👨‍👩‍👧‍👦😀'],
        ['deep nesting', raw('['.repeat(1000) + ']'.repeat(1000))],
      ];
      const wanted = Math.min(paths, 40);
      for (let i = 0; i < wanted; i++) {
        const at = 1 + Math.floor((i * paths) / wanted);
        add(
          `field ${at}: missing`,
          json(applyMutations(valid(), [{ at, op: 'delete', value: null, key: '' }])),
        );
        const [label, value] = evil[i % evil.length]!;
        add(`field ${at}: ${label}`, json(applyMutations(valid(), [{ at, op: 'replace', value, key: '' }])));
      }
      for (let i = 0; i < wanted; i++) {
        const at = 1 + Math.floor((i * paths) / wanted);
        const value = UNPRINTABLE[i % UNPRINTABLE.length]!;
        add(
          `field ${at}: ${JSON.stringify(value)}`,
          json(applyMutations(valid(), [{ at, op: 'replace', value, key: '' }])),
        );
      }
      add(
        'extra fields',
        json(applyMutations(valid(), [{ at: 0, op: 'extra', value: "' OR 1=1 --", key: 'isAdmin' }])),
      );

      const stringPaths = fieldPaths(shape).filter((p) => leafAt(shape, p)?.kind === 'string');
      // Evil text the schema may accept, in each string field of an otherwise valid body: where the
      // schema lets it through, it has to be stored (or refused) cleanly, on SQLite and PostgreSQL alike.
      for (const p of stringPaths.slice(0, 24)) {
        for (const text of PLAUSIBLE_EVIL_TEXT)
          add(
            `valid body, ${p.join('.')}=${JSON.stringify(text.length > 24 ? `${text.slice(0, 20)}…` : text)}`,
            json(setPath(valid(), p, text)),
          );
      }
      const numberPaths = fieldPaths(shape).filter((p) => leafAt(shape, p)?.kind === 'number');
      for (const p of numberPaths.slice(0, 24)) {
        for (const n of BIG_INTEGERS) add(`valid body, ${p.join('.')}=${n}`, json(setPath(valid(), p, n)));
      }
      // The slow ones: a 1 MB string in one field, a body over the limit, a regex-hostile string in every
      // string field (a backtracking pattern takes seconds to minutes on these).
      const huge = HUGE();
      add('1 MB string', json(setPath(valid(), stringPaths[0], huge[0]!)));
      add('body over the limit', json(setPath(valid(), stringPaths[0], huge[1]!)));
      for (const p of stringPaths) {
        for (const h of [huge[3]!, huge[5]!, huge[6]!])
          add(`regex-hostile ${p.join('.')}`, json(setPath(valid(), p, h)));
      }
    }
  }
  if (def.input === 'query') {
    const shape = def.query ? shapeOf(def.query) : undefined;
    const keys = shape?.kind === 'object' ? Object.keys(shape.fields) : [];
    const q = (label: string, pairs: [string, string][]) =>
      add(label, { query: encodePairs(pairs), queryModel: pairsModel(pairs) });
    q('no query', []);
    for (const k of keys) {
      const rest = Object.entries(example?.query ?? {}).filter(([key]) => key !== k);
      for (const v of [
        '',
        "' OR 1=1 --",
        '<script>alert(1)</script>',
        'NaN',
        '-0',
        '1e308',
        '-1',
        '\u0000',
        '😀',
        HUGE()[0]!,
        HUGE()[3]!,
      ]) {
        q(`query ${k}=${JSON.stringify(v.slice(0, 12))}`, [...rest, [k, v]]);
      }
      q(`query ${k} repeated`, [...rest, [k, 'a'], [k, 'b']]);
    }
    for (const r of RAW_QUERIES) {
      add(`raw query ${r.slice(0, 20)}`, {
        query: r,
        queryModel: /[%#]/.test(r) ? 'unknown' : pairsModel([...new URLSearchParams(r)]),
      });
    }
  }
  add('wrong method', { method: def.method === 'GET' ? 'POST' : 'GET' });
  add('lower-case path', { path: path.toLowerCase() });
  if (def.auth === 'session') {
    add('valid input, no token', { session: null, ...(def.input === 'body' ? json(valid()) : {}) });
  }
  return probes;
}

function leafAt(shape: Shape, path: string[]): Shape | undefined {
  let s: Shape | undefined = shape;
  for (const k of path) s = s?.kind === 'object' ? s.fields[k] : undefined;
  return s;
}

function setPath(value: Json, path: string[] | undefined, leaf: Json): Json {
  if (!path?.length) return leaf;
  const copy = cloneJson(value);
  let node: Json = copy;
  for (const k of path.slice(0, -1)) {
    if (!isContainer(node) || Array.isArray(node)) return copy;
    node = node[k] ??= {};
  }
  if (isContainer(node) && !Array.isArray(node)) node[path[path.length - 1]!] = leaf;
  return copy;
}

// ---------------------------------------------------------------------------------------------------
// The model

/** How the server reads a body, by content type: the parsed value, a refusal, or not modelled. */
function readBody(p: Probe): { kind: 'value'; value: unknown } | { kind: 'refused' } | { kind: 'unknown' } {
  if (p.payload === undefined) return { kind: 'value', value: undefined };
  const ct = p.contentType;
  if (ct !== undefined && JSON_TYPES.includes(ct)) {
    if (Buffer.isBuffer(p.payload)) {
      try {
        JSON.parse(p.payload.toString('utf8'));
        return { kind: 'unknown' };
      } catch {
        return { kind: 'refused' };
      }
    }
    // secure-json-parse strips a byte-order mark; it also refuses __proto__ keys, which JSON.parse keeps
    // (the model then errs on the side of 'valid', which only loosens the check).
    const text = p.payload.startsWith('\ufeff') ? p.payload.slice(1) : p.payload;
    try {
      return { kind: 'value', value: JSON.parse(text) };
    } catch {
      return { kind: 'refused' };
    }
  }
  if (ct !== undefined && TEXT_TYPES.includes(ct)) {
    return Buffer.isBuffer(p.payload) ? { kind: 'unknown' } : { kind: 'value', value: p.payload };
  }
  if (ct === undefined || REFUSED_TYPES.includes(ct)) return { kind: 'refused' };
  return { kind: 'unknown' };
}

/**
 * The schema's own answer. A schema that throws (a refinement crashing on odd input) is 'unknown' here,
 * so the test reports what the server makes of it: it throws there too, and that is a 500.
 */
function accepts(schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown): Verdict {
  try {
    return schema.safeParse(value).success ? 'valid' : 'invalid';
  } catch {
    return 'unknown';
  }
}

export function verdict(name: CallName, p: Probe): Verdict {
  const def: CallDef = calls[name];
  if (p.method !== def.method || p.path !== callPath(def)) return 'invalid';
  if (def.auth === 'session' && p.session === null) return 'invalid';
  // Fastify never reads the body of a GET.
  const body = def.method === 'GET' ? { kind: 'value' as const, value: undefined } : readBody(p);
  if (body.kind === 'refused') return 'invalid';
  // A body over the limit is refused whatever it holds.
  const size = p.payload === undefined ? 0 : Buffer.byteLength(p.payload);
  if (def.method !== 'GET' && size > BODY_LIMIT_BYTES) return 'invalid';

  let parts: Verdict[] = [body.kind === 'unknown' ? 'unknown' : 'valid'];
  if (def.input === 'body' && def.body && body.kind === 'value') parts = [accepts(def.body, body.value)];
  if (def.input === 'query' && def.query) {
    parts.push(p.queryModel === 'unknown' ? 'unknown' : accepts(def.query, p.queryModel));
  }
  return parts.includes('invalid') ? 'invalid' : parts.includes('unknown') ? 'unknown' : 'valid';
}

// ---------------------------------------------------------------------------------------------------
// Reporting

const short = (s: string) => {
  const shown = JSON.stringify(s.length > 160 ? `${s.slice(0, 120)}…${s.slice(-20)}` : s);
  return s.length > 160 ? `${shown} (${s.length} chars)` : shown;
};

export function describeProbe(p: Probe): string {
  const payload =
    p.payload === undefined
      ? 'none'
      : Buffer.isBuffer(p.payload)
        ? `<${p.payload.length} bytes: ${p.payload.toString('hex').slice(0, 80)}>`
        : short(p.payload);
  return [
    `[${p.label}] ${p.method} ${p.path}${p.query ? `?${p.query.length > 200 ? `${p.query.slice(0, 160)}… (${p.query.length} chars)` : p.query}` : ''}`,
    `content-type: ${p.contentType ?? 'none'}; token: ${p.session === null ? 'none' : `session #${p.session}`}`,
    `body: ${payload}`,
  ].join('\n    ');
}

/** fast-check prints counterexamples with this: a 1 MB string must not flood the report. */
function withToString(p: Probe): Probe {
  Object.defineProperty(p, fc.toStringMethod, { value: () => describeProbe(p), enumerable: false });
  return p;
}
