import { callPath, calls, type CallDef, type CallName } from '@lender/contract/api-calls';
import { BODY_LIMIT_BYTES } from '../../../app';
import { JSON_TYPES, REFUSED_TYPES, TEXT_TYPES } from './body-encoding';
import type { Probe, Verdict } from './probe';

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
