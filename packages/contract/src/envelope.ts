import { z } from 'zod';
import type { Envelope } from './envelope-types';

export { ErrorId } from './error-ids';
export type { ApiError, Envelope } from './envelope-types';

/** Every response body: `{ error: { errorID, errorMessage }, object }`; errorID 0 is success. */
export const apiErrorSchema = z.object({
  errorID: z.number().int(),
  errorMessage: z.string(),
});

export const envelopeSchema = <T extends z.ZodType>(object: T) =>
  z.object({ error: apiErrorSchema, object: object.nullable() });

export const NOT_IMPLEMENTED_MESSAGE = 'Not implemented yet';

export const ok = <T>(object: T): Envelope<T> => ({ error: { errorID: 0, errorMessage: '' }, object });
export const fail = (errorID: number, errorMessage: string, object: unknown = null): Envelope<never> => ({
  error: { errorID, errorMessage },
  object: object as never,
});
