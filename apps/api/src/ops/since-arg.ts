/** `--since 90m`, `--since 1h`, `--since 2d` (default 1h): the instant that long ago. */
export function sinceArg(args: string[], now = new Date()): Date {
  const at = args.indexOf('--since');
  const given = at === -1 ? '1h' : args[at + 1];
  const match = /^(\d+)([mhd])$/.exec(given ?? '');
  if (!match) throw new Error('Usage: npm run ops -- security-events [--since <n>m|<n>h|<n>d]');
  const unitMs = { m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as 'm' | 'h' | 'd'];
  return new Date(now.getTime() - Number(match[1]) * unitMs);
}
