import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A schema fetched when first needed: the forms validate on submit, so zod and the contract's schemas stay
 * out of the page's first chunk. Call it on the first interaction to have it ready by then.
 */
export type SchemaLoader = () => Promise<z.ZodType>;

/**
 * A react-hook-form resolver that validates with a contract schema: the form's values are turned into
 * the API payload, checked by the same rules the server runs, and each issue lands on its form field.
 */
export function contractResolver<V extends FieldValues>(
  schema: z.ZodType | SchemaLoader,
  toPayload: (values: V) => unknown,
  fieldFor: (path: string) => string = (p) => p,
): Resolver<V> {
  return async (values) => {
    const resolved = typeof schema === 'function' ? await schema() : schema;
    const result = resolved.safeParse(toPayload(values));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      setOnce(errors, fieldFor(issue.path.join('.')).split('.'), {
        type: issue.code,
        message: issue.message,
      });
    }
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}

/** Puts the first error for a dotted path into react-hook-form's nested error object. */
function setOnce(target: Record<string, unknown>, path: string[], error: { type: string; message: string }) {
  let node = target;
  path.slice(0, -1).forEach((key) => {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  });
  const last = path[path.length - 1] ?? '_';
  node[last] ??= error;
}

/** Server field messages (HTTP 400 `object.fields`) onto the form. */
export function applyServerErrors(
  fields: unknown,
  setError: (name: never, error: { type: string; message: string }) => void,
  fieldFor: (path: string) => string = (p) => p,
) {
  if (!fields || typeof fields !== 'object') return false;
  const entries = Object.entries(fields as Record<string, string>);
  entries.forEach(([path, message]) => setError(fieldFor(path) as never, { type: 'server', message }));
  return entries.length > 0;
}
