import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

const uuid = z.uuid();

export const IDEMPOTENCY_KEY_MISSING =
  'Please start again: this request needs an Idempotency-Key (a UUID the page makes per attempt).';

/**
 * The request's idempotency key (docs/decisions/025): the `Idempotency-Key` header (the IETF HTTP API
 * draft's name), else the body's `idempotencyKey`; null when neither is a UUID. Lower-cased, so the
 * same UUID written in capitals is the same key.
 */
export function idempotencyKeyOf(req: FastifyRequest, bodyKey: string | null | undefined): string | null {
  const header = req.headers['idempotency-key'];
  const value = (typeof header === 'string' ? header.trim() : undefined) || bodyKey;
  return value && uuid.safeParse(value).success ? value.toLowerCase() : null;
}
