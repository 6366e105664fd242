import type { DictionaryName } from '@lender/contract/dictionary-ids';
import { dictionaryFields } from '@lender/contract/rules/common';
import type { z } from 'zod';
import type { StoredDictionaries } from '../lib/dictionary-store';

/** A dictionary-backed field of a request: its path ('*' for each element of a list), dictionary and message. */
export type DictionaryField = { path: string[]; dictionary: DictionaryName; message: string };

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
};

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** Every field of `schema` made by the contract's `dictionaryIdField`, found by walking the schema once. */
export function dictionaryFieldsOf(schema: z.ZodType, path: string[] = []): DictionaryField[] {
  const meta = dictionaryFields.get(schema);
  if (meta) return [{ path, ...meta }];
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  if (def.type === 'object') {
    return Object.entries(def.shape ?? {}).flatMap(([key, field]) =>
      dictionaryFieldsOf(field, [...path, key]),
    );
  }
  if (WRAPPERS.has(def.type) && def.innerType) return dictionaryFieldsOf(def.innerType, path);
  // A transform keeps the fields it reads; the request is checked as the schema parsed it.
  if (def.type === 'pipe' && def.in) return dictionaryFieldsOf(def.in, path);
  if (def.type === 'array' && def.element) return dictionaryFieldsOf(def.element, [...path, '*']);
  if (def.type === 'union') return (def.options ?? []).flatMap((option) => dictionaryFieldsOf(option, path));
  if (def.type === 'intersection' && def.left && def.right) {
    return [...dictionaryFieldsOf(def.left, path), ...dictionaryFieldsOf(def.right, path)];
  }
  return [];
}

/** The values at `path` in a parsed request, each with its dotted path ('employmentDetail.employmentTypeID'). */
function valuesAt(input: unknown, path: string[], at: string[] = []): { at: string; value: unknown }[] {
  if (path.length === 0) return [{ at: at.join('.'), value: input }];
  if (input === null || typeof input !== 'object') return [];
  const [key, ...rest] = path as [string, ...string[]];
  if (key === '*') {
    return Array.isArray(input) ? input.flatMap((item, i) => valuesAt(item, rest, [...at, String(i)])) : [];
  }
  return valuesAt((input as Record<string, unknown>)[key], rest, [...at, key]);
}

/**
 * The check of a call's dictionary-backed ids against the dictionaries in the database, made once per
 * call from its schemas: it answers the refused fields with their own messages (none: every id known).
 * A field left out (optional) is not checked; the schema has already said whether it may be.
 */
export function dictionaryIdCheckFor(dictionaries: StoredDictionaries, schema: z.ZodType | undefined) {
  const fields = schema ? dictionaryFieldsOf(schema) : [];
  if (fields.length === 0) return null;
  const known = new Map(
    [...dictionaries].map(([name, entries]) => [name, new Set(entries.map((e) => e.id))]),
  );
  return (input: unknown): Record<string, string> => {
    const refused: Record<string, string> = {};
    for (const field of fields) {
      for (const { at, value } of valuesAt(input, field.path)) {
        if (value === undefined || value === null) continue;
        if (!known.get(field.dictionary)?.has(value as number)) refused[at] = field.message;
      }
    }
    return refused;
  };
}
