import fc from 'fast-check';
import type { CallDef } from '@lender/contract/api-calls';
import { NUMERIC_STRINGS } from './evil-values';
import type { Probe } from './probe';
import { evilString, extraKey } from './value-generators';
import { shapeOf } from './zod-shape';

/** Lone surrogates cannot be percent-encoded; the server would see U+FFFD in their place. */
export const wellFormed = (s: string) =>
  s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

export const encodePairs = (pairs: [string, string][]) =>
  pairs
    .map(([k, v]) => `${encodeURIComponent(wellFormed(k))}=${encodeURIComponent(wellFormed(v))}`)
    .join('&');

/** What Fastify's query parser (fast-querystring) makes of well-encoded pairs: repeated keys -> array. */
export function pairsModel(pairs: [string, string][]) {
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

export const RAW_QUERIES = [
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

export type QueryPart = { query: string; queryModel: Probe['queryModel']; label: string };

export function queryFor(
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
