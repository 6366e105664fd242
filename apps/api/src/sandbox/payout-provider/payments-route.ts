import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { nowIso } from '../../lib/clock';
import { sha256 } from '../../lib/secrets';
import { findPayment, findPaymentByKey, insertPaymentOnce, type SandboxPayment } from './payments';
import type { PayoutSandboxDb } from './tables';
import { outcomeFor } from './test-accounts';

/** Far above any loan; in pence. */
const MAX_PAYMENT_PENCE = 10_000_000;
/** Far above what a payment request needs; anything bigger is not ours. */
const BODY_LIMIT_BYTES = 4 * 1024;

const paymentSchema = z.object({
  sortCode: z.string().regex(/^\d{6}$/),
  accountNumber: z.string().regex(/^\d{8}$/),
  accountName: z.string().trim().min(1).max(70),
  amountPence: z.number().int().min(1).max(MAX_PAYMENT_PENCE),
  // Faster Payments carries at most 18 characters of reference to the payee's bank.
  reference: z.string().trim().min(1).max(18),
});
const idempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{1,200}$/);

export type PayoutSandboxContext = { db: PayoutSandboxDb; key: string };

const answer = (payment: SandboxPayment) => ({
  paymentId: payment.payment_id,
  status: payment.status,
  reason: payment.reason,
});

/** Equal-length digests, so the comparison takes the same time however much of a guess is right. */
function isTheKey(authorization: string | undefined, key: string) {
  const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  if (!given) return false;
  return crypto.timingSafeEqual(Buffer.from(sha256(given), 'hex'), Buffer.from(sha256(key), 'hex'));
}

/** False once the 401 is sent: every call needs the lender's key, before anything else is read. */
async function authorised(req: FastifyRequest, reply: FastifyReply, key: string) {
  if (isTheKey(req.headers.authorization, key)) return true;
  await reply.code(401).send({ error: 'The key is not valid.' });
  return false;
}

/**
 * POST /api/payments pays out at once (or rejects, or leaves pending, by test account). A key already
 * used answers its first payment instead of paying twice; used again for another payment it is refused
 * (409), since answering the first would hide a mistake. GET /api/payments/:paymentId answers its state.
 */
export function registerPayments(app: FastifyInstance, ctx: PayoutSandboxContext) {
  app.post('/api/payments', { bodyLimit: BODY_LIMIT_BYTES }, async (req, reply) => {
    if (!(await authorised(req, reply, ctx.key))) return reply;
    const idempotencyKey = idempotencyKeySchema.safeParse(req.headers['idempotency-key']);
    const parsed = paymentSchema.safeParse(req.body);
    if (!idempotencyKey.success || !parsed.success) {
      return reply.code(400).send({ error: 'The request does not fit the protocol.' });
    }
    const body = parsed.data;
    const requestHash = sha256(
      JSON.stringify([body.sortCode, body.accountNumber, body.accountName, body.amountPence, body.reference]),
    );
    const replay = (payment: SandboxPayment) =>
      payment.request_hash === requestHash
        ? reply.code(200).send(answer(payment))
        : reply.code(409).send({ error: 'This Idempotency-Key was used for another payment.' });

    const earlier = await findPaymentByKey(ctx.db, idempotencyKey.data);
    if (earlier) return replay(earlier);

    const paymentId = crypto.randomUUID();
    const payment = await insertPaymentOnce(ctx.db, {
      payment_id: paymentId,
      idempotency_key: idempotencyKey.data,
      request_hash: requestHash,
      sort_code: body.sortCode,
      account_hash: sha256(body.accountNumber),
      account_last4: body.accountNumber.slice(-4),
      amount_pence: body.amountPence,
      reference: body.reference,
      ...outcomeFor(body.accountNumber),
      created_at: nowIso(),
    });
    // A concurrent request with the same key may have inserted first: its payment is the one answered.
    return payment.payment_id === paymentId ? reply.code(201).send(answer(payment)) : replay(payment);
  });

  app.get<{ Params: { paymentId: string } }>('/api/payments/:paymentId', async (req, reply) => {
    if (!(await authorised(req, reply, ctx.key))) return reply;
    const payment = await findPayment(ctx.db, req.params.paymentId);
    if (!payment) return reply.code(404).send({ error: 'No payment has this id.' });
    return answer(payment);
  });
}
