import { z } from 'zod';

/** Every response body: `{ error: { errorID, errorMessage }, object }`; errorID 0 is success. */
export const apiErrorSchema = z.object({
  errorID: z.number().int(),
  errorMessage: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const envelopeSchema = <T extends z.ZodType>(object: T) =>
  z.object({ error: apiErrorSchema, object: object.nullable() });

export type Envelope<T> = { error: ApiError; object: T | null };

/** Error ids the server and the client agree on (spec section 8 plus the transport-level ones). */
export const ErrorId = {
  none: 0,
  /** Quote load: no application to quote; forgot password: e-mail unknown; change e-mail: already taken. */
  notFound: 1,
  /** Field validation failed; `object.fields` holds the messages. */
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  routeNotFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  tooManyRequests: 429,
  /** A call that a later issue implements. */
  notImplemented: 501,
  generic: 100,
  cardExpired: 10,
  existingApplicationInProgress: 99,
  emailAlreadyRegistered: 204,
  mobileAlreadyRegistered: 205,
  leadAlreadyUsed: 210,
  repeatLoanCardDeclined: 211,
  invalidSmsCode: 221,
} as const;

export const NOT_IMPLEMENTED_MESSAGE = 'Not implemented yet';

/** The body of a 400: the field path (dot-joined) to the spec's message. */
export const validationErrorObjectSchema = z.object({ fields: z.record(z.string(), z.string()) });

export const ok = <T>(object: T): Envelope<T> => ({ error: { errorID: 0, errorMessage: '' }, object });
export const fail = (errorID: number, errorMessage: string, object: unknown = null): Envelope<never> => ({
  error: { errorID, errorMessage },
  object: object as never,
});
