import { fail, refuse, Refusal } from '@lender/contract/envelope';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** Framework error codes that are the client's fault, with the status and refusal they answer. */
const CLIENT_ERRORS: Record<string, [status: number, refusal: Refusal]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, Refusal.unsupportedContentType],
  LENDER_CONTENT_ENCODING: [415, Refusal.unsupportedContentEncoding],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, Refusal.payloadTooLarge],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, Refusal.emptyBody],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, Refusal.invalidJson],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, Refusal.invalidContentLength],
};

/**
 * The one error handler: every failure leaves in the envelope. Validation failures answer 400 with the
 * contract's field messages; an unexpected fault answers 500 with errorID 100 and no internal detail.
 */
export function registerEnvelopeHandlers(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= issue.message ?? 'Invalid value.';
      }
      const first = Object.values(fields)[0] ?? Refusal.invalidRequest.errorMessage;
      return reply.code(400).send(fail(Refusal.invalidRequest.errorID, first, { fields }));
    }
    const known = err.code ? CLIENT_ERRORS[err.code] : undefined;
    if (known) return reply.code(known[0]).send(refuse(known[1]));
    if (isResponseSerializationError(err)) {
      req.log.error(
        { err: { message: err.message, issues: err.cause.issues } },
        'response did not match its schema',
      );
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send(fail(err.statusCode, Refusal.invalidRequest.errorMessage));
    } else {
      req.log.error({ err }, 'unhandled error');
    }
    return reply.code(500).send(refuse(Refusal.generic));
  });
}

/** The body of a 404 for an unknown API path. */
export const routeNotFoundBody = () => refuse(Refusal.routeNotFound);
