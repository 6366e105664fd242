import { describe, expect, it } from 'vitest';
import { sinceArg } from './since-arg';

const now = new Date('2026-11-25T12:00:00.000Z');

describe('ops --since', () => {
  it('reads minutes, hours and days, an hour by default', () => {
    expect(sinceArg(['--since', '90m'], now).toISOString()).toBe('2026-11-25T10:30:00.000Z');
    expect(sinceArg(['--since', '2d'], now).toISOString()).toBe('2026-11-23T12:00:00.000Z');
    expect(sinceArg([], now).toISOString()).toBe('2026-11-25T11:00:00.000Z');
  });

  it('refuses anything else with the usage', () => {
    expect(() => sinceArg(['--since', 'yesterday'], now)).toThrow(/Usage: npm run ops -- security-events/);
    expect(() => sinceArg(['--since'], now)).toThrow(/Usage/);
  });
});
