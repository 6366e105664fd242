import { z } from 'zod';
import type { PayoutProvider, PayoutResult } from './payout-provider';
import { callProvider, noAnswer, type ProviderCall, type ProviderTransport } from '../provider-transports';

/** Faster Payments settle in seconds; a provider silent for longer is treated as not there. */
export const PAYOUT_TIMEOUT_MS = 10_000;

export type HttpPayoutProviderOptions = { key: string; transport: ProviderTransport; timeoutMs?: number };

/** The provider's answer, read as untrusted input; fields the adapter does not use are let through. */
const paymentAnswerSchema = z.object({
  paymentId: z.string().min(1).max(100),
  status: z.enum(['paid', 'pending', 'rejected']),
  reason: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
});

/** The payout protocol (POST and GET /api/payments) over a transport. */
export function httpPayoutProvider({
  key,
  transport,
  timeoutMs = PAYOUT_TIMEOUT_MS,
}: HttpPayoutProviderOptions): PayoutProvider {
  const call = (request: Omit<ProviderCall, 'signal'>, expectedId?: string): Promise<PayoutResult> =>
    callProvider(transport, request, timeoutMs, (res): PayoutResult => {
      if (res.status !== 200 && res.status !== 201) return noAnswer(`HTTP ${res.status}`);
      const parsed = paymentAnswerSchema.safeParse(JSON.parse(res.body));
      if (!parsed.success || (expectedId !== undefined && parsed.data.paymentId !== expectedId)) {
        return noAnswer('an answer outside the protocol');
      }
      const { paymentId, status, reason } = parsed.data;
      return { outcome: status, paymentId, reason };
    });

  const authorization = `Bearer ${key}`;
  return {
    send: ({ idempotencyKey, sortCode, accountNumber, accountName, amountPence, reference }) =>
      call({
        method: 'POST',
        path: '/api/payments',
        headers: {
          authorization,
          'content-type': 'application/json',
          'idempotency-key': idempotencyKey,
        },
        body: JSON.stringify({ sortCode, accountNumber, accountName, amountPence, reference }),
      }),
    status: (paymentId) =>
      call(
        { method: 'GET', path: `/api/payments/${encodeURIComponent(paymentId)}`, headers: { authorization } },
        paymentId,
      ),
  };
}
