import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter';

describe('createRateLimiter', () => {
  it('allows `limit` events in any window, then says how long to wait for the oldest to leave it', () => {
    let clock = 0;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000 }, () => clock);
    for (const at of [0, 10_000, 20_000]) {
      clock = at;
      expect(limiter.hit('a')).toEqual({ allowed: true });
    }
    clock = 30_000;
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(limiter.check('a')).toEqual({ allowed: false, retryAfterSeconds: 30 });
    // Refused events are not counted: the wait does not grow while the caller keeps trying.
    clock = 60_001;
    expect(limiter.hit('a')).toEqual({ allowed: true });
  });

  it('keeps each key apart, and check() counts nothing', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 }, () => 0);
    expect(limiter.check('a')).toEqual({ allowed: true });
    expect(limiter.check('a')).toEqual({ allowed: true });
    expect(limiter.hit('a')).toEqual({ allowed: true });
    expect(limiter.hit('a').allowed).toBe(false);
    expect(limiter.hit('b')).toEqual({ allowed: true });
  });

  it('forgets the oldest key when full, so a flood of addresses cannot exhaust memory', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, maxKeys: 2 }, () => 0);
    limiter.hit('a');
    limiter.hit('b');
    limiter.hit('c');
    expect(limiter.check('a')).toEqual({ allowed: true });
    expect(limiter.check('c').allowed).toBe(false);
  });
});
