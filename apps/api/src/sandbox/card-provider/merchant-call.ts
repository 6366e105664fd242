import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { merchantOfCall, type SandboxMerchant } from './merchants';

/**
 * The body of a server-to-server call and the merchant making it, or the refusal already sent: 400 for
 * a body that does not fit, 401 for a secret key that is not the named merchant's.
 */
export async function readMerchantCall<T extends { merchantId: string }>(
  req: FastifyRequest,
  reply: FastifyReply,
  merchants: SandboxMerchant[],
  schema: z.ZodType<T>,
): Promise<{ body: T; merchant: SandboxMerchant } | undefined> {
  const body = schema.safeParse(req.body);
  if (!body.success) {
    await reply.code(400).send({ error: 'The request does not fit the protocol.' });
    return undefined;
  }
  const merchant = merchantOfCall(merchants, req.headers.authorization, body.data.merchantId);
  if (!merchant) {
    await reply.code(401).send({ error: 'The secret key is not this merchant’s.' });
    return undefined;
  }
  return { body: body.data, merchant };
}
