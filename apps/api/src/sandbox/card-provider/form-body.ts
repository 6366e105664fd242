import type { FastifyInstance } from 'fastify';

/** Far above what a card form or the 3-D Secure method data needs; anything bigger is not ours. */
export const FORM_BODY_LIMIT_BYTES = 8 * 1024;

export type FormFields = Record<string, string | undefined>;

/**
 * The browser posts forms here, as it would to a real provider. Only this content type is read in the
 * calling context (anything else answers 415); a repeated field keeps its last value.
 */
export function acceptFormBodiesOnly(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}

/** The posted fields, or none when the request had no body. */
export const formFields = (body: unknown): FormFields =>
  body && typeof body === 'object' ? (body as FormFields) : {};
