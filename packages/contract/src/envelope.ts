import { z } from 'zod';
import type { Envelope } from './envelope-types';
import { Refusal } from './refusals';

export { ErrorId } from './error-ids';
export { Refusal } from './refusals';
export type { ApiError, Envelope } from './envelope-types';

/** Every response body: `{ error: { errorID, errorMessage }, object }`; errorID 0 is success. */
export const apiErrorSchema = z.object({
  errorID: z.number().int(),
  errorMessage: z.string(),
});

export const envelopeSchema = <T extends z.ZodType>(object: T) =>
  z.object({ error: apiErrorSchema, object: object.nullable() });

/** The object of a refused request: each refused field's dotted path ('_' for the whole input) -> message. */
export const fieldErrorsSchema = z.object({
  fields: z.record(z.string(), z.string()).meta({
    description:
      "A message per refused field, keyed by the field's dotted path (`previousAddress.postCode`); `_` stands for the request as a whole.",
  }),
});

/**
 * The body of an error answer (HTTP 4xx/5xx): the one errorID its status carries, a message a person can
 * read, and `object` (null unless the status has details, like the field messages of a 400).
 */
export const errorEnvelopeSchema = <T extends z.ZodType = z.ZodNull>(errorID: number, object?: T) =>
  z.object({
    error: z.object({ errorID: z.literal(errorID), errorMessage: z.string().min(1) }),
    object: object ?? z.null(),
  });

export const NOT_IMPLEMENTED_MESSAGE = Refusal.notImplemented.errorMessage;

export const ok = <T>(object: T): Envelope<T> => ({ error: { errorID: 0, errorMessage: '' }, object });
export const fail = (errorID: number, errorMessage: string, object: unknown = null): Envelope<never> => ({
  error: { errorID, errorMessage },
  object: object as never,
});

/** The envelope of a refusal of the contract's table (`Refusal`), its id and its one text. */
export const refuse = (refusal: Refusal, object: unknown = null): Envelope<never> =>
  fail(refusal.errorID, refusal.errorMessage, object);
