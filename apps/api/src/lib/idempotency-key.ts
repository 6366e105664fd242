import { createHash } from 'node:crypto';
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

/**
 * What a request asked, stored beside its key (card payment, repeat loan, reschedule): the same key sent
 * again is answered as the first time only when it asks the same, and refused (errorID 243) when it asks
 * something else, never answered as if the new request had been done. `asked` is the request without
 * its key, in a fixed order (JSON of it), so a stored hash stays the same from one release to the next.
 */
export const requestHash = (asked: unknown): string =>
  createHash('sha256').update(JSON.stringify(asked)).digest('hex');

/**
 * Whether a request sent again under a stored key asks something else than the first one did. A row
 * stored before its call kept hashes (null) is taken as the same request, as it was answered then.
 */
export const asksSomethingElse = (storedHash: string | null, asked: unknown): boolean =>
  storedHash !== null && storedHash !== requestHash(asked);
