import fc from 'fast-check';

/**
 * Malformed requests for any call of the contract, and a model of what the server must make of each.
 *
 * A probe is one HTTP request described as data. `verdict()` (verdict.ts) decides, from the exact bytes
 * the probe sends, whether the call's own zod schema would accept it: 'invalid' probes must be refused
 * (4xx, non-zero errorID, nothing written); 'valid' ones may succeed; 'unknown' marks the few encodings
 * whose server-side parsing we do not model (odd charsets, malformed percent-escapes), which only have to
 * stay below 500 and inside the envelope.
 *
 * What is generated (generated-probes.ts at random, probe-corpus.ts one of each): bodies of the wrong JSON
 * type; objects built from the schema's own keys with fields missing, extra or of the wrong type;
 * mutations of a valid example (a field deleted, replaced, nulled, stringified, wrapped in an array, given
 * extra keys); strings of SQL and HTML injection, control characters, lone surrogates and emoji, and a few
 * of a megabyte or shaped to make a backtracking regex crawl; numbers negative, -0, 1e308, 1e999, NaN and
 * Infinity as strings, unsafe integers; JSON nested 1,000 to 50,000 deep; wrong, missing and odd content
 * types (text/plain, form-urlencoded, multipart, XML, charset=utf-16); truncated JSON, trailing garbage,
 * duplicate keys, a BOM, random bytes; malformed query strings (bad percent-escapes, repeated and
 * bracketed keys); wrong methods and paths.
 */
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
export function withToString(p: Probe): Probe {
  Object.defineProperty(p, fc.toStringMethod, { value: () => describeProbe(p), enumerable: false });
  return p;
}
