import { z } from 'zod';
import { DictionaryId, type DictionaryName } from '../dictionary-ids';
import { Msg } from './messages';

/**
 * What a name, an address or other text a person types may hold: no C0 or C1 control (line breaks
 * included), no bidirectional control, no zero-width or other invisible character, and no half of a
 * surrogate pair without its partner. Those make a name read differently in a document or an e-mail than
 * it was stored ('Jane\u202Eenaj' shows as 'Janejane'), and a lone surrogate cannot even be written as
 * UTF-8. Written as what may appear rather than as a refinement, so the OpenAPI document carries it too;
 * a valid pair is one character with or without the `u` flag, so any JSON Schema reader agrees.
 */
export const PLAIN_TEXT =
  // eslint-disable-next-line no-control-regex -- the control characters are what it refuses
  /^(?:[^\u0000-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u2028-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

/** Text a person typed: trimmed, at most `max` characters, plain (above). `message` is for a non-string. */
export const plainText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: Msg.maxLength(max) })
    .regex(PLAIN_TEXT, { error: Msg.invalidCharacters });

/** Something other than white space: the document's way of saying "not empty once trimmed". */
export const NOT_BLANK = /\S/;

/**
 * A letter a reader can see: Unicode letters other than the Hangul fillers, which are letters by category
 * but print as nothing (U+115F, U+1160, U+3164, U+FFA0).
 */
const VISIBLE_LETTER = /(?![\u115F\u1160\u3164\uFFA0])\p{L}/u;

/**
 * A person's name: required text holding at least one visible letter, so a name made only of blank or
 * invisible characters (U+3164, U+2800 braille blank...) is refused with the name's own message, while
 * accents, apostrophes and hyphens pass (Zoë, O'Brien, Anne-Marie).
 */
export const personName = (message: string, max: number) =>
  requiredText(message, max).refine((v) => VISIBLE_LETTER.test(v), { error: message });

/** A required string: trimmed, non-empty, with the spec's message for missing and empty alike. */
export const requiredText = (message: string, max: number) =>
  plainText(message, max).regex(NOT_BLANK, { error: message });

/** An optional string field of limited length; empty means absent. */
export const optionalText = (message: string, max: number) =>
  plainText(message, max)
    .nullish()
    .transform((v) => v || null);

/** The largest id an integer column holds on PostgreSQL (int4); a larger one made the insert fail (500). */
export const MAX_ID = 2_147_483_647;

/** A required id chosen from a list (ids start at 1). */
export const requiredId = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(MAX_ID, { error: message });

/** An id from one of the dictionaries; which ids exist is data the server checks, so it is described. */
/**
 * Which dictionary each field made by `dictionaryIdField` takes its ids from, and its message: a schema
 * knows only that an id is a positive integer, so the server reads this to check every such field of a
 * request against the dictionary, once, for every call (apps/api/src/plugins/dictionary-ids.ts).
 */
export const dictionaryFields = z.registry<{ dictionary: DictionaryName; message: string }>();

export const dictionaryIdField = (message: string, dictionary: DictionaryName) =>
  requiredId(message)
    .meta({
      description: `An id of the ${dictionary} dictionary (Dictionary/GetDictionaries, key ${DictionaryId[dictionary]}).`,
    })
    .register(dictionaryFields, { dictionary, message });

/** A tick box that must be ticked. */
export const requiredTrue = (message: string = Msg.required) =>
  z
    .boolean({ error: message })
    .refine((v) => v === true, { error: message })
    // The forms hold a boolean, so the type stays boolean; the document says only true is accepted.
    .meta({ enum: [true] });

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
    // The abort also skips the form's cross-field rules, but only for an address no one can have.
    .max(EMAIL_MAX, { error: message, abort: true })
    .regex(emailPattern, { error: message })
    // The address is shown in e-mails and documents, so the same characters are refused as in a name.
    .regex(PLAIN_TEXT, { error: message });

/** UK mobile: 07 followed by 9 digits, with spaces a person may type anywhere (they are dropped). */
const UK_MOBILE_TYPED = /^\s*0\s*7(?:\s*\d){9}\s*$/;
export const mobileField = z
  .string({ error: Msg.mobileRequired })
  .trim()
  .min(1, { error: Msg.mobileRequired })
  .regex(UK_MOBILE_TYPED, { error: Msg.mobileFormat })
  .transform((v) => v.replace(/\s+/g, ''));

/**
 * Cross-field rules run even when a field has already failed, so a person sees every message at once
 * (zod skips refinements after a failure by default). They only need the value to be an object. A field
 * check with `abort: true` still stops them, so only the e-mail's length check aborts.
 */
export const alwaysCheck = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
};
