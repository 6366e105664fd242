import { ErrorId, fail } from '@lender/contract/envelope';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

const GENERIC_MESSAGE = 'Error Occured';

/** Framework error codes that are the client's fault, with the status and errorID they answer. */
const CLIENT_ERRORS: Record<string, [status: number, errorId: number, message: string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, ErrorId.unsupportedMediaType, 'Unsupported content type.'],
  LENDER_CONTENT_ENCODING: [415, ErrorId.unsupportedMediaType, 'Unsupported content encoding.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, ErrorId.payloadTooLarge, 'Request body is too large.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, ErrorId.validation, 'Request body is empty.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, ErrorId.validation, 'Request body is not valid JSON.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, ErrorId.validation, 'Invalid content length.'],
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
      const first = Object.values(fields)[0] ?? 'Invalid request.';
      return reply.code(400).send(fail(ErrorId.validation, first, { fields }));
    }
    const known = err.code ? CLIENT_ERRORS[err.code] : undefined;
    if (known) return reply.code(known[0]).send(fail(known[1], known[2]));
    if (isResponseSerializationError(err)) {
      req.log.error(
        { err: { message: err.message, issues: err.cause.issues } },
        'response did not match its schema',
      );
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send(fail(err.statusCode, 'Invalid request.'));
    } else {
      req.log.error({ err }, 'unhandled error');
    }
    return reply.code(500).send(fail(ErrorId.generic, GENERIC_MESSAGE));
  });
}

/** The body of a 404 for an unknown API path. */
export const routeNotFoundBody = () => fail(ErrorId.routeNotFound, 'Not found.');
