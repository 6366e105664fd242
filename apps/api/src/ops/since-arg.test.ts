import { describe, expect, it } from 'vitest';
import { sinceArg } from './since-arg';

const now = new Date('2026-11-25T12:00:00.000Z');
const usage = 'Usage: npm run ops -- security-events [--since 1h]';

describe('ops --since', () => {
  it('reads minutes, hours and days, an hour by default', () => {
    expect(sinceArg('90m', usage, now).toISOString()).toBe('2026-11-25T10:30:00.000Z');
    expect(sinceArg('2d', usage, now).toISOString()).toBe('2026-11-23T12:00:00.000Z');
    expect(sinceArg(undefined, usage, now).toISOString()).toBe('2026-11-25T11:00:00.000Z');
  });

  it('refuses anything else with what was wrong and the usage', () => {
    expect(() => sinceArg('yesterday', usage, now)).toThrow(
      /^--since takes minutes, hours or days \(90m, 1h, 2d\), not yesterday\.\nUsage: npm run ops -- security-events/,
    );
    expect(() => sinceArg('', usage, now)).toThrow(/Usage/);
  });
});
