import { callPath, calls, type CallDef, type CallName } from '@lender/contract/api-calls';
import { exampleFor } from '../examples';
import { encodedAs, REFUSED_TYPES } from './body-encoding';
import { BIG_INTEGERS, HUGE, PLAUSIBLE_EVIL_TEXT, UNPRINTABLE } from './evil-values';
import { isContainer, raw, toJsonText, type Json } from './json-value';
import { applyMutations, leafAt, setPath, slots } from './mutations';
import { withToString, type Probe } from './probe';
import { encodePairs, pairsModel, RAW_QUERIES } from './query-encoding';
import { fieldPaths, shapeOf, type Shape } from './zod-shape';

/** Deterministic probes every run sends to every call: one of each malformation listed in probe.ts. */
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
      add(`content type ${ct}`, { contentType: ct, payload: encodedAs(ct, valid()) });
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
