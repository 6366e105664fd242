import { z } from 'zod';
import type { PayoutProvider, PayoutResult } from './payout-provider';
import type { ProviderCall, ProviderTransport } from '../provider-transports';

/** Faster Payments settle in seconds; a provider silent for longer is treated as not there. */
export const PAYOUT_TIMEOUT_MS = 10_000;

export type HttpPayoutProviderOptions = { key: string; transport: ProviderTransport; timeoutMs?: number };

type Unavailable = Extract<PayoutResult, { outcome: 'unavailable' }>;
const unavailable = (reason: string): Unavailable => ({ outcome: 'unavailable', reason });

/** The provider's answer, read as untrusted input; fields the adapter does not use are let through. */
const paymentAnswerSchema = z.object({
  paymentId: z.string().min(1).max(100),
  status: z.enum(['paid', 'pending', 'rejected']),
  reason: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
});

/** Why a call failed, from the network layer's cause (never the request: its headers hold the key). */
function failureOf(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  const why = [cause?.code, cause?.message, (err as Error | null)?.name].find((v) => typeof v === 'string');
  return `no answer (${String(why ?? 'unknown error')})`;
}

/** The payout protocol (POST and GET /api/payments) over a transport. */
export function httpPayoutProvider({
  key,
  transport,
  timeoutMs = PAYOUT_TIMEOUT_MS,
}: HttpPayoutProviderOptions): PayoutProvider {
  async function call(request: Omit<ProviderCall, 'signal'>, expectedId?: string): Promise<PayoutResult> {
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    // A race rather than the signal alone: an in-process transport may not heed the signal.
    const late = new Promise<Unavailable>((resolve) => {
      timer = setTimeout(() => {
        abort.abort();
        resolve(unavailable(`no answer within ${timeoutMs} ms`));
      }, timeoutMs);
    });
    const answer = async (): Promise<PayoutResult> => {
      try {
        const res = await transport({ ...request, signal: abort.signal });
        if (res.status !== 200 && res.status !== 201) return unavailable(`HTTP ${res.status}`);
        const parsed = paymentAnswerSchema.safeParse(JSON.parse(res.body));
        if (!parsed.success || (expectedId !== undefined && parsed.data.paymentId !== expectedId)) {
          return unavailable('an answer outside the protocol');
        }
        const { paymentId, status, reason } = parsed.data;
        return { outcome: status, paymentId, reason };
      } catch (err) {
        return unavailable(err instanceof SyntaxError ? 'an answer that is not JSON' : failureOf(err));
      }
    };
    try {
      return await Promise.race([answer(), late]);
    } finally {
      clearTimeout(timer);
    }
  }

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
