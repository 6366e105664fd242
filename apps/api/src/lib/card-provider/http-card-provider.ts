import type { z } from 'zod';
import type { CardProvider, ChargeResult, ConfirmResult, Unavailable } from './card-provider';
import { chargeAnswerSchema, confirmAnswerSchema } from './provider-answers';
import { callProvider, noAnswer, type ProviderTransport } from '../provider-transports';

/** Long enough for a provider asking the card's bank; short enough that the applicant is not left waiting. */
export const PROVIDER_TIMEOUT_MS = 10_000;

export type HttpCardProviderOptions = {
  merchantId: string;
  secretKey: string;
  transport: ProviderTransport;
  timeoutMs?: number;
};

/** The provider's server-to-server protocol (docs/decisions/014, steps 3 and 4) over a transport. */
export function httpCardProvider({
  merchantId,
  secretKey,
  transport,
  timeoutMs = PROVIDER_TIMEOUT_MS,
}: HttpCardProviderOptions): CardProvider {
  const call = <T>(path: string, payload: object, answerSchema: z.ZodType<T>): Promise<T | Unavailable> =>
    callProvider(
      transport,
      {
        path,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${secretKey}` },
        body: JSON.stringify({ merchantId, ...payload }),
      },
      timeoutMs,
      (res) => {
        if (res.status !== 200) return noAnswer(`HTTP ${res.status}`);
        const parsed = answerSchema.safeParse(JSON.parse(res.body));
        return parsed.success ? parsed.data : noAnswer('an answer outside the protocol');
      },
    );

  return {
    confirm: ({ key, trxId, returnUrl }): Promise<ConfirmResult> =>
      call('/api/confirm', { key, trxId, returnUrl }, confirmAnswerSchema),
    charge: ({ token, amountPence, reference }): Promise<ChargeResult> =>
      call('/api/charges', { token, amountPence, reference }, chargeAnswerSchema),
  };
}
