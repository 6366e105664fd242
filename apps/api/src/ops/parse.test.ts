import { describe, expect, it } from 'vitest';
import { countArg, parseCommand } from './parse';

const usage = 'Usage: npm run ops -- thing [--through yyyy-mm-dd]';

describe('ops arguments (node:util parseArgs, strict)', () => {
  it('reads a flag with its value and the words', () => {
    const { values, positionals } = parseCommand(
      ['run', '--through', '2026-11-20'],
      usage,
      {
        through: { type: 'string' },
      },
      1,
    );
    expect(values.through).toBe('2026-11-20');
    expect(positionals).toEqual(['run']);
  });

  it('refuses an unknown flag, a flag without its value, or a word too many, with the usage', () => {
    const opts = { through: { type: 'string' } } as const;
    expect(() => parseCommand(['--until', 'x'], usage, opts, 0)).toThrow(
      /Unknown option '--until'[\s\S]*Usage: npm run ops -- thing/,
    );
    expect(() => parseCommand(['--through'], usage, opts, 0)).toThrow(
      /'--through <value>' argument missing[\s\S]*Usage/,
    );
    expect(() => parseCommand(['a', 'b'], usage, opts, 1)).toThrow(/^Unexpected: b\.\nUsage/);
  });

  it('reads a count or says it is not one', () => {
    expect(countArg(undefined, usage)).toBeUndefined();
    expect(countArg('50', usage)).toBe(50);
    expect(() => countArg('many', usage)).toThrow(/^Not a count: many\.\nUsage/);
  });
});
