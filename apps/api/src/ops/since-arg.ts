import { usageError } from './parse';

/** `--since 90m`, `--since 1h`, `--since 2d` (default 1h): the instant that long ago. */
export function sinceArg(given: string | undefined, usage: string, now = new Date()): Date {
  const match = /^(\d+)([mhd])$/.exec(given ?? '1h');
  if (!match) throw usageError(`--since takes minutes, hours or days (90m, 1h, 2d), not ${given}.`, usage);
  const unitMs = { m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as 'm' | 'h' | 'd'];
  return new Date(now.getTime() - Number(match[1]) * unitMs);
}
