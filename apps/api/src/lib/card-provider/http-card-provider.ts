import type { z } from 'zod';
import type { CardProvider, ChargeResult, ConfirmResult, Unavailable } from './card-provider';
import { chargeAnswerSchema, confirmAnswerSchema } from './provider-answers';
import type { ProviderTransport } from '../provider-transports';

/** Long enough for a provider asking the card's bank; short enough that the applicant is not left waiting. */
export const PROVIDER_TIMEOUT_MS = 10_000;

export type HttpCardProviderOptions = {
  merchantId: string;
  secretKey: string;
  transport: ProviderTransport;
  timeoutMs?: number;
};

const unavailable = (reason: string): Unavailable => ({ outcome: 'unavailable', reason });

/** Why a call failed, from the network layer's cause (never the request: its headers hold the secret key). */
function failureOf(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  const why = [cause?.code, cause?.message, (err as Error | null)?.name].find((v) => typeof v === 'string');
  return `no answer (${String(why ?? 'unknown error')})`;
}

/** The provider's server-to-server protocol (docs/decisions/014, steps 3 and 4) over a transport. */
export function httpCardProvider({
  merchantId,
  secretKey,
  transport,
  timeoutMs = PROVIDER_TIMEOUT_MS,
}: HttpCardProviderOptions): CardProvider {
  async function call<T>(
    path: string,
    payload: object,
    answerSchema: z.ZodType<T>,
  ): Promise<T | Unavailable> {
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Unavailable>((resolve) => {
      timer = setTimeout(() => {
        abort.abort();
        resolve(unavailable(`no answer within ${timeoutMs} ms`));
      }, timeoutMs);
    });
    const answer = async (): Promise<T | Unavailable> => {
      try {
        const res = await transport({
          path,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${secretKey}` },
          body: JSON.stringify({ merchantId, ...payload }),
          signal: abort.signal,
        });
        if (res.status !== 200) return unavailable(`HTTP ${res.status}`);
        const parsed = answerSchema.safeParse(JSON.parse(res.body));
        return parsed.success ? parsed.data : unavailable('an answer outside the protocol');
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

  return {
    confirm: ({ key, trxId, returnUrl }): Promise<ConfirmResult> =>
      call('/api/confirm', { key, trxId, returnUrl }, confirmAnswerSchema),
    charge: ({ token, amountPence, reference }): Promise<ChargeResult> =>
      call('/api/charges', { token, amountPence, reference }, chargeAnswerSchema),
  };
}
