/**
 * Requests near a valid one, derived from the document's own schema for the call: each field left out,
 * null, of the wrong type, past each limit the document states, and the body as a whole replaced. A
 * variant is a change applied to a fresh example, so each request carries new e-mails and guids.
 */
type Json = unknown;
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
};
export type Path = (string | number)[];
export type Variant = { name: string; change: (example: Json) => Json };

const REMOVE = Symbol('remove');

/** The example with the value at `path` replaced (or removed); the example itself is not changed. */
export function setAt(example: Json, path: Path, value: Json | typeof REMOVE): Json {
  if (!path.length) return value;
  const [key, ...rest] = path;
  const copy: Record<string | number, Json> | Json[] = Array.isArray(example)
    ? [...example]
    : { ...(example as Record<string, Json>) };
  const inner = setAt((copy as Record<string | number, Json>)[key!], rest, value);
  if (inner === REMOVE) delete (copy as Record<string | number, Json>)[key!];
  else (copy as Record<string | number, Json>)[key!] = inner;
  return copy;
}

const at = (example: Json, path: Path): Json =>
  path.reduce<Json>((v, k) => (v as Record<string | number, Json> | undefined)?.[k], example);

const typesOf = (s: Schema): string[] => {
  const own = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  return [...own, ...(s.anyOf ?? []).flatMap(typesOf)];
};
/** The branches of a schema that constrain a value of `type` (an `anyOf` is flattened). */
const branches = (s: Schema, type: string): Schema[] =>
  [s, ...(s.anyOf ?? [])].filter((b) => typesOf(b).includes(type) && !b.anyOf);

/** A value of a type the field does not take, for each type it does. */
const WRONG_TYPE: Record<string, Json> = {
  string: 12345,
  number: 'twelve',
  integer: 'twelve',
  boolean: 'true',
  object: 'an object',
  array: 'a list',
};

const FORMAT_BREAKERS: Record<string, Json[]> = {
  date: ['2024-02-30', '1 May 1990'],
  email: ['not-an-email'],
  uuid: ['not-a-guid'],
};

function leafVariants(schema: Schema, label: string, path: Path): Variant[] {
  const set = (name: string, value: Json): Variant => ({
    name: `${label} ${name}`,
    change: (e) => setAt(e, path, value),
  });
  const types = typesOf(schema);
  const out: Variant[] = [];
  for (const t of new Set(types)) {
    const wrong = WRONG_TYPE[t];
    if (wrong !== undefined && !types.includes(typeof wrong)) out.push(set(`wrong type (${t})`, wrong));
  }
  if (!types.includes('null')) out.push(set('null', null));
  for (const s of branches(schema, 'string')) {
    out.push(set('empty', ''));
    if (s.maxLength !== undefined)
      out.push(set(`over ${s.maxLength} characters`, 'a'.repeat(s.maxLength + 1)));
    if (s.pattern !== undefined || s.format !== undefined) out.push(set('not matching', '!'));
    for (const bad of FORMAT_BREAKERS[s.format ?? ''] ?? []) out.push(set(`not a ${s.format} (${bad})`, bad));
  }
  for (const s of [...branches(schema, 'number'), ...branches(schema, 'integer')]) {
    if (s.minimum !== undefined) out.push(set(`below ${s.minimum}`, s.minimum - 1));
    if (s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER)
      out.push(set(`above ${s.maximum}`, s.maximum + 1));
    if (typesOf(s).includes('integer')) out.push(set('with a fraction', 1.5));
    const listed = s.enum ?? (s.const !== undefined ? [s.const] : undefined);
    if (listed) out.push(set('not listed', Math.max(...listed.map(Number)) + 1));
  }
  for (const s of branches(schema, 'array')) {
    if (s.minItems) out.push(set('empty list', []));
    // Longer than allowed by repeating the example's own items (without a list to repeat, nothing to do).
    if (s.maxItems !== undefined)
      out.push({
        name: `${label} over ${s.maxItems} items`,
        change: (e) => {
          const list = at(e, path);
          if (!Array.isArray(list) || !list.length) return e;
          return setAt(
            e,
            path,
            Array.from({ length: s.maxItems! + 1 }, (_, i) => list[i % list.length]),
          );
        },
      });
  }
  return out;
}

/** Every variant of `example` that the schema's structure suggests, recursing into objects and lists. */
export function deriveVariants(schema: Schema, example: Json, path: Path = []): Variant[] {
  const label = path.length ? path.join('.') : 'body';
  const out = leafVariants(schema, label, path);
  const objects = branches(schema, 'object');
  if (objects.length && example && typeof example === 'object' && !Array.isArray(example)) {
    const properties = Object.assign({}, ...objects.map((o) => o.properties ?? {})) as Record<string, Schema>;
    out.push({
      name: `${label} with an extra field`,
      change: (e) => setAt(e, [...path, 'unexpectedField'], 'x'),
    });
    for (const [key, field] of Object.entries(properties)) {
      const fieldPath = [...path, key];
      if (key in example) {
        out.push({ name: `${fieldPath.join('.')} missing`, change: (e) => setAt(e, fieldPath, REMOVE) });
      }
      out.push(...deriveVariants(field, (example as Record<string, Json>)[key], fieldPath));
    }
  }
  const lists = branches(schema, 'array');
  if (lists.length && Array.isArray(example)) {
    example.forEach((item, i) => out.push(...deriveVariants(lists[0]!.items ?? {}, item, [...path, i])));
  }
  return out;
}

/** A hand-written variant: the values at dotted paths (list indexes as numbers) replaced. */
export const setting = (name: string, values: Record<string, Json>): Variant => ({
  name,
  change: (e) =>
    Object.entries(values).reduce(
      (out, [dotted, value]) =>
        setAt(
          out,
          dotted.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k)),
          value,
        ),
      e,
    ),
});
