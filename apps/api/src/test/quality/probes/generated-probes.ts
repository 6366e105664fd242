import { callPath, calls, type CallDef, type CallName } from '@lender/contract/api-calls';
import fc from 'fast-check';
import { exampleFor } from '../examples';
import { encodeBody, type BodyPart } from './body-encoding';
import { HUGE } from './evil-values';
import { isContainer, type Json } from './json-value';
import { applyMutations, mutation, slots } from './mutations';
import { withToString, type Probe } from './probe';
import { queryFor, type QueryPart } from './query-encoding';
import { anyJson, valueFor } from './value-generators';
import { shapeOf, type Shape } from './zod-shape';

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

const OTHER_METHODS = ['PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Requests that are malformed for this call, in every way listed in probe.ts. */
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
