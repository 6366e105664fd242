import { describe, expect, it } from 'vitest';
import { breathingSpaceArgs } from './breathing-space-args';

const guid = '6f1c2a9e-0d7b-4c55-9a61-2f0e8b3d4c11';

describe('ops breathing-space', () => {
  it('reads the application, start or end, and a start date for a notice that came late', () => {
    expect(breathingSpaceArgs([guid, 'start'])).toEqual({ guid, verb: 'start' });
    expect(breathingSpaceArgs([guid, 'end'])).toEqual({ guid, verb: 'end' });
    expect(breathingSpaceArgs([guid, 'start', '--from', '2026-11-20'])).toEqual({
      guid,
      verb: 'start',
      from: '2026-11-20',
    });
  });

  it('refuses anything else with what was wrong and the usage', () => {
    const usage = /Usage: npm run ops -- breathing-space <appGuid> start/;
    expect(() => breathingSpaceArgs([])).toThrow(usage);
    expect(() => breathingSpaceArgs([guid])).toThrow(/Name the application and start or end/);
    expect(() => breathingSpaceArgs(['not-a-guid', 'start'])).toThrow(/Not an application guid: not-a-guid/);
    expect(() => breathingSpaceArgs([guid, 'pause'])).toThrow(/Unknown action: pause/);
    expect(() => breathingSpaceArgs([guid, 'start', '--from'])).toThrow(/'--from <value>' argument missing/);
    expect(() => breathingSpaceArgs([guid, 'start', '--from', '20-11-2026'])).toThrow(/not 20-11-2026/);
    expect(() => breathingSpaceArgs([guid, 'end', '--from', '2026-11-20'])).toThrow(/Unexpected/);
    expect(() => breathingSpaceArgs([guid, 'start', 'now'])).toThrow(/Unexpected: now/);
    expect(() => breathingSpaceArgs([guid, 'start', '--from', '2026-11-20', 'x'])).toThrow(usage);
  });
});
