import type { z } from 'zod';

/**
 * What the generators need to know about a zod 4 schema: which fields an object has and roughly what
 * type each one wants, so they can leave one out, give it the wrong type or an evil value of the right
 * type. Read defensively from `_zod.def`: anything not understood becomes `unknown`, never an error.
 */
export type Shape =
  | { kind: 'string' | 'number' | 'boolean' | 'null' | 'unknown' }
  | { kind: 'literal'; values: unknown[] }
  | { kind: 'object'; fields: Record<string, Shape> }
  | { kind: 'array'; element: Shape }
  | { kind: 'record'; value: Shape }
  | { kind: 'union'; options: Shape[] };

type Def = {
  type?: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  element?: unknown;
  valueType?: unknown;
  options?: unknown[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  getter?: () => unknown;
};

const defOf = (schema: unknown): Def | undefined =>
  (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

const UNKNOWN: Shape = { kind: 'unknown' };

export function shapeOf(schema: z.ZodType | unknown, depth = 0): Shape {
  const def = defOf(schema);
  if (!def || depth > 8) return UNKNOWN;
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
      return { kind: def.type };
    case 'int':
    case 'bigint':
      return { kind: 'number' };
    case 'literal':
    case 'enum':
      return { kind: 'literal', values: def.values ?? Object.values(def.entries ?? {}) };
    case 'object': {
      const shape = (schema as { shape?: Record<string, unknown> }).shape ?? def.shape ?? {};
      return {
        kind: 'object',
        fields: Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, shapeOf(v, depth + 1)])),
      };
    }
    case 'array':
      return { kind: 'array', element: shapeOf(def.element, depth + 1) };
    case 'record':
      return { kind: 'record', value: shapeOf(def.valueType, depth + 1) };
    case 'union':
      return { kind: 'union', options: (def.options ?? []).map((o) => shapeOf(o, depth + 1)) };
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return shapeOf(def.innerType, depth + 1);
    case 'pipe': {
      // A transform's output says nothing about the input; the input side is what a client sends.
      const input = shapeOf(def.in, depth + 1);
      return input.kind === 'unknown' ? shapeOf(def.out, depth + 1) : input;
    }
    case 'lazy':
      return def.getter ? shapeOf(def.getter(), depth + 1) : UNKNOWN;
    default:
      return UNKNOWN;
  }
}

/** The leaf paths of a shape (object fields, nested), for "replace this field" mutations. */
export function fieldPaths(shape: Shape, prefix: string[] = [], depth = 0): string[][] {
  if (shape.kind !== 'object' || depth > 6) return prefix.length ? [prefix] : [];
  const paths: string[][] = prefix.length ? [prefix] : [];
  for (const [key, field] of Object.entries(shape.fields)) {
    paths.push(...fieldPaths(field, [...prefix, key], depth + 1));
  }
  return paths;
}
