import fc from 'fast-check';
import {
  CONTROL,
  EMOJI,
  EXTRA_KEYS,
  HTML,
  MISC_STRINGS,
  NUMERIC_STRINGS,
  SQL,
  UNPRINTABLE,
} from './evil-values';
import { raw, type Json } from './json-value';
import type { Shape } from './zod-shape';

export const evilString: fc.Arbitrary<string> = fc.oneof(
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

export const evilNumber: fc.Arbitrary<Json> = fc.oneof(
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

export const extraKey = fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 12 }));

const leafJson: fc.Arbitrary<Json> = fc.oneof(fc.constant(null), fc.boolean(), evilNumber, evilString);

/** Any JSON value, biased to the awkward ones. */
export const anyJson: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
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
export function valueFor(shape: Shape, depth = 0): fc.Arbitrary<Json> {
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
