import type { z } from 'zod';

/**
 * The contract's messages for a payload, one per field (the first), before anything is sent: the same
 * schema the server checks with, so a refusal reads the same in the browser as from the server.
 */
export function fieldErrors(schema: z.ZodType, payload: unknown): Record<string, string> {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors;
}
