import type { z } from 'zod';
import type { Unavailable } from './account-information';
import { callProvider, noAnswer, type ProviderCall, type ProviderTransport } from '../provider-transports';

export const OUTSIDE = 'an answer outside the protocol';

/** What is left of one wait the applicant makes, shared by every call of a flow (a read has many). */
export type Budget = { ms: number; left: () => number };
export const budgetOf = (ms: number): Budget => {
  const end = performance.now() + ms;
  return { ms, left: () => Math.floor(end - performance.now()) };
};

export function isUnavailable(value: unknown): value is Unavailable {
  return (value as { outcome?: unknown } | null)?.outcome === 'unavailable';
}

/**
 * One call within what is left of `budget`, its answer one of `statuses` and read by `read`; silence is
 * told as the whole budget's ('no answer within 30000 ms'), not the part that was left.
 */
export const callWithin =
  (transport: ProviderTransport) =>
  async <T>(
    budget: Budget,
    request: Omit<ProviderCall, 'signal'>,
    statuses: number[],
    read: (body: string) => T | Unavailable,
  ): Promise<T | Unavailable> => {
    const left = budget.left();
    const late = noAnswer(`no answer within ${budget.ms} ms`);
    if (left <= 0) return late;
    const result = await callProvider(transport, request, left, (res) =>
      statuses.includes(res.status) ? read(res.body) : noAnswer(`HTTP ${res.status}`),
    );
    return isUnavailable(result) && result.reason === `no answer within ${left} ms` ? late : result;
  };

/** A JSON body read by `schema` as untrusted input (JSON.parse's throw is callProvider's 'not JSON'). */
export const json =
  <T>(schema: z.ZodType<T, unknown>) =>
  (body: string): T | Unavailable => {
    const parsed = schema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : noAnswer(OUTSIDE);
  };
