import type { CallDef } from '@lender/contract/api-calls';
import {
  apiErrorSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  ErrorId,
  fieldErrorsSchema,
} from '@lender/contract/envelope';
import { z } from 'zod';

/**
 * The error answers, one schema each, made once: the route schemas of every call share them, so the
 * serializer checks an error body against what the document promises (only on that status: a 200 is
 * checked against its call's own schema, as before).
 */
const errorAnswers = {
  400: errorEnvelopeSchema(ErrorId.validation, fieldErrorsSchema.nullable()),
  401: errorEnvelopeSchema(ErrorId.unauthorized),
  403: errorEnvelopeSchema(ErrorId.forbidden),
  413: errorEnvelopeSchema(ErrorId.payloadTooLarge),
  415: errorEnvelopeSchema(ErrorId.unsupportedMediaType),
  429: errorEnvelopeSchema(ErrorId.tooManyRequests),
  500: errorEnvelopeSchema(ErrorId.generic),
  501: errorEnvelopeSchema(ErrorId.notImplemented),
  503: errorEnvelopeSchema(ErrorId.maintenance),
};

/** A staff call's own words for its 401 (plugins/openapi.ts reads `answerDescriptions` from its schema). */
export const staffAnswerDescriptions: Record<string, string> = {
  401: 'No live staff session (errorID 401): the `staff_session` cookie is missing, unknown, ended, idle for 15 minutes or 10 hours old. Sign in again.',
};

/** The 429 answer of a call: its own `object` where the contract gives one (the resends' wait). */
const tooMany = (def: CallDef) =>
  def.tooManyObject ? errorEnvelopeSchema(ErrorId.tooManyRequests, def.tooManyObject) : errorAnswers[429];

/** What each answer means, for the document; `bodyLimit` is the server's, in bytes. */
export const answerDescriptions = (bodyLimit: number): Record<string, string> => ({
  200: 'Done (errorID 0, `object` holds the result), or a business outcome such as declined or already registered: its errorID is non-zero and `object` is null, except a decline of a call that says otherwise (its `creditReferenceAgency`: the agency whose information counted, Consumer Credit Act s157).',
  400: 'The request was refused (errorID 400): `object.fields` names each refused field with its message, or `object` is null when the body as a whole could not be read (not JSON, empty).',
  401: 'The bearer token is missing, expired or not ours (errorID 401): refresh it with Account/RefreshToken or sign in again.',
  403: "The staff member's role does not hold this call's permission (errorID 403): nothing was read or changed.",
  413: `The request body is over ${bodyLimit} bytes (errorID 413).`,
  415: 'The body is not JSON, or is compressed (errorID 415): send it uncompressed, with `Content-Type: application/json`.',
  429: 'Too many requests (errorID 429): wait the number of seconds the `Retry-After` header gives, then try again.',
  500: 'An unexpected fault (errorID 100); nothing about it is disclosed, and the call may be retried.',
  501: 'The call exists and validates its input, but is not built yet (errorID 501).',
  503: 'The service is in maintenance (errorID 503): sign the user out and try again later.',
});

/**
 * Every answer a call can give, as its route's `response` schema. `implemented` is false for a call that
 * still answers 501. A call that reads no body cannot meet 413 or 415, and one without input has nothing
 * to refuse, except a POST whose body is not JSON.
 */
export function documentedResponses(def: CallDef, implemented: boolean) {
  const readsBody = def.method === 'POST';
  return {
    200: def.declinedObject
      ? z.union([envelopeSchema(def.response), errorEnvelopeSchema(ErrorId.declined, def.declinedObject)])
      : envelopeSchema(def.response),
    ...(readsBody || def.input !== 'none' ? { 400: errorAnswers[400] } : {}),
    // Every credential but a signing link's is checked before the handler (the e-sign service refuses a
    // dead link itself, in a 200's envelope: docs/decisions/020).
    ...(def.auth !== 'public' && def.auth !== 'signing' ? { 401: errorAnswers[401] } : {}),
    ...(typeof def.auth === 'object' ? { 403: errorAnswers[403] } : {}),
    ...(readsBody ? { 413: errorAnswers[413], 415: errorAnswers[415] } : {}),
    ...(def.rateLimited ? { 429: tooMany(def) } : {}),
    500: errorAnswers[500],
    ...(implemented ? {} : { 501: errorAnswers[501] }),
    503: errorAnswers[503],
  };
}

/**
 * Every answer of a route outside the spec's calls that takes a JSON body behind a key of its own and a
 * rate limit (the partner lead API, issue 29): the same error schemas as the calls, so the serializer and
 * the document hold it to the same envelope. Its route may word an answer for its callers with
 * `answerDescriptions` in its schema (plugins/openapi.ts reads it).
 */
export function keyedBodyRouteResponses(response: z.ZodType) {
  return {
    200: envelopeSchema(response),
    400: errorAnswers[400],
    401: errorAnswers[401],
    413: errorAnswers[413],
    415: errorAnswers[415],
    429: errorAnswers[429],
    500: errorAnswers[500],
    503: errorAnswers[503],
  };
}

const plainAnswer = (object: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema: z.object({ error: apiErrorSchema, object }) } },
});

/** Why a health route says this server should not be sent calls now. */
const healthRefused = {
  description:
    'Do not send calls here now: the service is in maintenance (errorID 503), or the database does not answer (errorID 100, "Database unavailable.").',
  content: {
    'application/json': {
      schema: z.union([errorAnswers[503], errorEnvelopeSchema(ErrorId.generic)]),
    },
  },
};

/**
 * The answers of the routes outside the spec's calls, for the document only: GET /api/health is the
 * bench's bare baseline, so neither health route gets a response schema (and its serializer's cost) at
 * run time; GET /api/card-provider answers settings fixed at start-up (decision 014).
 */
export const plainRouteDocuments: Record<
  string,
  { summary: string; operationId: string; tags: string[]; security: []; response: object }
> = {
  '/api/health': {
    summary: 'Liveness',
    operationId: 'Health_Live',
    tags: ['Health'],
    security: [],
    response: {
      200: plainAnswer(z.object({ status: z.literal('ok') }), 'The server is up and takes calls.'),
      503: healthRefused,
    },
  },
  '/api/health/ready': {
    summary: 'Readiness',
    operationId: 'Health_Ready',
    tags: ['Health'],
    security: [],
    response: {
      200: plainAnswer(
        z.object({ status: z.literal('ready'), database: z.enum(['sqlite', 'postgres']) }),
        'The server is up and its database answers.',
      ),
      503: healthRefused,
    },
  },
  '/api/card-provider': {
    summary: 'Card provider settings',
    operationId: 'CardProvider_Settings',
    tags: ['CardProvider'],
    security: [],
    response: {
      200: plainAnswer(
        z.object({
          url: z.url().meta({
            description: "The provider's base URL: the browser posts the card to `{url}/tokenise`.",
          }),
          merchantId: z.string(),
          staticKey: z
            .string()
            .meta({ description: 'Public: sent with the card. The secret key never leaves the server.' }),
        }),
        'Where the browser sends the card for the check, with the public half of the merchant credentials.',
      ),
      503: {
        description: 'The service is in maintenance (errorID 503).',
        content: { 'application/json': { schema: errorAnswers[503] } },
      },
    },
  },
};
