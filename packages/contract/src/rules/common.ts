import { z } from 'zod';
import { Msg } from './messages';

/** A required string: trimmed, non-empty, with the spec's message for missing and empty alike. */
export const requiredText = (message: string, max?: number) => {
  const base = z.string({ error: message }).trim().min(1, { error: message });
  return max ? base.max(max, { error: Msg.maxLength(max) }) : base;
};

/** An optional string field of limited length; empty means absent. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: Msg.maxLength(max) })
    .nullish()
    .transform((v) => v || null);

/** The largest id an integer column holds on PostgreSQL (int4); a larger one made the insert fail (500). */
export const MAX_ID = 2_147_483_647;

/** A required id chosen from a dictionary (ids start at 1). */
export const requiredId = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(MAX_ID, { error: message });

/** A tick box that must be ticked. */
export const requiredTrue = (message: string = Msg.required) =>
  z.boolean({ error: message }).refine((v) => v === true, { error: message });

export const EMAIL_MAX = 254;

/** E-mail in a practical format: one @, a dotted domain, no spaces. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const emailField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    // Lower-cased before the length check: 'İ' becomes two characters, and the stored address must fit
    // its varchar(254) column (a longer one made the insert fail on PostgreSQL).
    .toLowerCase()
    // abort: the pattern backtracks quadratically, so it must never see more than EMAIL_MAX characters
    // (a 200 kB value in a login body held the event loop for 28 s; a 1 MB one would hold it for minutes).
    .max(EMAIL_MAX, { error: message, abort: true })
    .regex(emailPattern, { error: message });

/** UK mobile: 07 followed by 9 digits. Spaces the user typed are dropped first. */
export const UK_MOBILE = /^07\d{9}$/;
export const mobileField = z
  .string({ error: Msg.mobileRequired })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().min(1, { error: Msg.mobileRequired }).regex(UK_MOBILE, { error: Msg.mobileFormat }));

/**
 * Cross-field rules run even when a field has already failed, so a person sees every message at once
 * (zod skips refinements after a failure by default). They only need the value to be an object.
 */
export const alwaysCheck = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
};
