import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A schema fetched when first needed: the forms validate on submit, so zod and the contract's schemas stay
 * out of the page's first chunk. The form hook calls it on the first focus to have it ready by submit.
 */
export type SchemaLoader<P = unknown> = () => Promise<z.ZodType<P>>;

/** Maps a payload path ('dob', 'address.street') to the form field that shows its message. */
export type FieldFor = (path: string) => string;

/**
 * A react-hook-form resolver that validates with a contract schema: the form's values are turned into the
 * API payload and checked by the same rules the server runs. It returns the schema's **parsed** payload
 * (trimmed, defaults filled), so a page sends what it receives and never rebuilds it; each issue lands on
 * its form field.
 */
export function contractResolver<V extends FieldValues, P extends FieldValues>(
  schema: SchemaLoader<P>,
  toPayload: (values: V) => unknown,
  fieldFor: FieldFor = (p) => p,
): Resolver<V, unknown, P> {
  return async (values) => {
    const result = (await schema()).safeParse(toPayload(values));
    if (result.success) return { values: result.data, errors: {} };
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
  const last = path[path.length - 1] || '_form';
  node[last] ??= error;
}
