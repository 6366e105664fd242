import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaOf, summarise, type CpuProfile } from './cpu-profile';
import { repoRoot } from './server';

const file = (relative: string) => `file://${path.join(repoRoot, relative)}`;
const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber });

/**
 * root -> handler (apps/api) -> parse (zod) -> JSON.parse (a builtin, no script); root -> (idle);
 * root -> (garbage collector). Ten samples 100 µs apart: 3 idle, 1 GC, 2 in handler, 1 in parse,
 * 3 in JSON.parse; the first two (idle, handler) fall before the window.
 */
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 5, 6] },
    { id: 2, callFrame: frame('handler', file('apps/api/src/features/x.ts'), 9), children: [3] },
    { id: 3, callFrame: frame('parse', file('node_modules/zod/v4/core/parse.js'), 40), children: [4] },
    { id: 4, callFrame: frame('parse') },
    { id: 5, callFrame: frame('(idle)') },
    { id: 6, callFrame: frame('(garbage collector)') },
  ],
  startTime: 1_000,
  endTime: 2_000,
  samples: [5, 2, 5, 5, 2, 3, 4, 4, 4, 6],
  timeDeltas: [100, 100, 100, 100, 100, 100, 100, 100, 100, 100],
};

describe('summarise', () => {
  const s = summarise(profile, { fromMicros: 1_250, toMicros: 2_000 });

  it('counts only the samples of the window, and the busy share of them', () => {
    expect(s.samples).toBe(8);
    expect(s.busyPercent).toBe(75);
    expect(s.microsPerSample).toBeCloseTo(750 / 8);
  });

  it('gives self time per function, in per cent of the busy samples', () => {
    expect(s.self).toEqual([
      { name: 'parse', samples: 3, percent: 50 },
      { name: 'handler apps/api/src/features/x.ts:10', samples: 1, percent: 16.7 },
      { name: 'parse zod/v4/core/parse.js:41', samples: 1, percent: 16.7 },
      { name: '(garbage collector)', samples: 1, percent: 16.7 },
    ]);
  });

  it('counts a function once per sample it is on the stack of', () => {
    expect(s.inclusive.find((x) => x.name.startsWith('handler'))?.samples).toBe(5);
    expect(s.inclusive.find((x) => x.name.startsWith('parse zod'))?.samples).toBe(4);
  });

  it('puts a builtin with its JavaScript caller, and garbage collection on its own', () => {
    expect(s.areas).toEqual([
      { name: 'zod', samples: 4, percent: 66.7 },
      { name: 'apps/api', samples: 1, percent: 16.7 },
      { name: 'garbage collection', samples: 1, percent: 16.7 },
    ]);
  });
});

describe('areaOf', () => {
  it.each([
    ['node:internal/stream_base_commons', 'Node core (stream_base_commons)'],
    ['node:_http_outgoing', 'Node core (_http_outgoing)'],
    [file('node_modules/@fastify/helmet/index.js'), '@fastify/helmet'],
    [file('node_modules/kysely/dist/dialect/sqlite/sqlite-driver.js'), 'kysely'],
    [file('packages/contract/src/pricing/apr.ts'), 'packages/contract'],
  ])('%s is %s', (url, area) => {
    expect(areaOf(url)).toBe(area);
  });
});
