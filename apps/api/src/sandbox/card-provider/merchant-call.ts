import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { merchantOfCall, type SandboxMerchant } from './merchants';

/** A server-to-server request as the protocol defines it: the secret key's header and the JSON body. */
export type MerchantRequest = { authorization: string | undefined; body: unknown };
/** The protocol's answer: a status and a JSON body. */
export type MerchantAnswer = { status: number; body: object };
/** One server-to-server call of the protocol (docs/decisions/014), apart from how it travels. */
export type MerchantCall = (request: MerchantRequest) => Promise<MerchantAnswer>;

/** The sandbox's answers to a request it cannot read, as its HTTP server gives them. */
export const PROTOCOL_FAILURES: Record<number, string> = {
  400: 'The request could not be read.',
  413: 'The request body is too large.',
  415: 'Unsupported content type.',
};
/** Its answer to a fault of its own (500). */
export const SANDBOX_FAULT = 'The card provider had a fault.';

/** A call's answer: `body`, with `status` (200 unless given). */
export const answered = (body: object, status = 200): MerchantAnswer => ({ status, body });

/**
 * A call that reads its body with `schema` and the merchant from the secret key, refusing with 400 a
 * body that does not fit and with 401 a secret key that is not the named merchant's, then `handle`s it.
 */
export function merchantCall<T extends { merchantId: string }>(
  merchants: SandboxMerchant[],
  schema: z.ZodType<T>,
  handle: (body: T, merchant: SandboxMerchant) => Promise<MerchantAnswer>,
): MerchantCall {
  return async ({ authorization, body }) => {
    const parsed = schema.safeParse(body);
    if (!parsed.success) return answered({ error: 'The request does not fit the protocol.' }, 400);
    const merchant = merchantOfCall(merchants, authorization, parsed.data.merchantId);
    if (!merchant) return answered({ error: 'The secret key is not this merchant’s.' }, 401);
    return handle(parsed.data, merchant);
  };
}

/** Serves `call` over HTTP at POST `path`: what a merchant's server reaches over the network. */
export function serveMerchantCall(app: FastifyInstance, path: string, call: MerchantCall) {
  app.post(path, async (req, reply) => {
    const answer = await call({ authorization: req.headers.authorization, body: req.body });
    return reply.code(answer.status).send(answer.body);
  });
}
