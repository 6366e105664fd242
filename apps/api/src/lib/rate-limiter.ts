import { refuse, type Refusal } from '@lender/contract/envelope';
import type { FastifyReply } from 'fastify';

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type RateLimiter = {
  /** Counts one event for `key` and says whether it is within the limit. */
  hit(key: string): RateDecision;
  /** Whether `key` is over its limit now, without counting anything. */
  check(key: string): RateDecision;
};

/**
 * At most `limit` events per key in any `windowMs` (a sliding log), in this process's memory: a limit
 * per caller address, where losing the counts on a restart costs nothing that matters. Limits that must
 * hold across restarts and servers (a customer's failed logins) are kept in the database instead.
 */
export function createRateLimiter(
  { limit, windowMs, maxKeys = 50_000 }: { limit: number; windowMs: number; maxKeys?: number },
  now: () => number = Date.now,
): RateLimiter {
  const events = new Map<string, number[]>();

  const recent = (key: string) => {
    const since = now() - windowMs;
    const times = (events.get(key) ?? []).filter((t) => t > since);
    if (times.length) events.set(key, times);
    else events.delete(key);
    return times;
  };
  const decide = (times: number[]): RateDecision =>
    times.length < limit
      ? { allowed: true }
      : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((times[0]! + windowMs - now()) / 1000)) };

  return {
    check: (key) => decide(recent(key)),
    hit(key) {
      const times = recent(key);
      const decision = decide(times);
      if (decision.allowed) {
        // The oldest key goes first when the map is full: a flood of addresses cannot exhaust memory.
        if (!events.has(key) && events.size >= maxKeys) events.delete(events.keys().next().value!);
        events.set(key, [...times, now()]);
      }
      return decision;
    },
  };
}

/** The 429 answer: a refusal of errorID 429 (which of them says why) and a Retry-After header in seconds. */
export function tooManyRequests(reply: FastifyReply, retryAfterSeconds: number, refusal: Refusal) {
  reply.code(429).header('retry-after', String(retryAfterSeconds));
  return refuse(refusal);
}
