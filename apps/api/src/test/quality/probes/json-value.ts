/** A raw JSON literal spliced into the generated text as is: `-0`, `1e999`, a 1000-deep array. */
export class RawJson {
  constructor(readonly text: string) {}
}
export const raw = (text: string) => new RawJson(text);

export type Json = null | boolean | number | string | RawJson | Json[] | { [key: string]: Json };

export type Container = Json[] | { [key: string]: Json };
export const isContainer = (v: unknown): v is Container =>
  typeof v === 'object' && v !== null && !(v instanceof RawJson);

/**
 * A deep copy, so a mutation never edits a value fast-check hands out again (constants are shared
 * between runs); RawJson leaves are immutable and kept as they are (structuredClone would strip them).
 */
export function cloneJson(value: Json): Json {
  if (Array.isArray(value)) return value.map(cloneJson);
  if (!isContainer(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cloneJson(v)]));
}

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
