import { describe, expect, it } from 'vitest';
import { OPS, asActor, customerActor, parseActor, partnerActor, staffActor, systemActor } from './actor';

describe('actors', () => {
  it('are built for each kind and read back', () => {
    expect(customerActor(12)).toBe('customer:12');
    expect(staffActor(3)).toBe('staff:3');
    expect(partnerActor(5)).toBe('partner:5');
    expect(systemActor('close-of-business')).toBe('system:close-of-business');
    expect(parseActor('customer:12')).toEqual({ kind: 'customer', id: 12 });
    expect(parseActor('staff:3')).toEqual({ kind: 'staff', id: 3 });
    expect(parseActor('partner:5')).toEqual({ kind: 'partner', id: 5 });
    expect(parseActor('system:underwriting')).toEqual({ kind: 'system', job: 'underwriting' });
    expect(parseActor(OPS)).toEqual({ kind: 'ops' });
  });

  it('refuse what is not one', () => {
    expect(() => customerActor(0)).toThrow(/Not an id/);
    expect(() => systemActor('Close Of Business')).toThrow(/Not a job name/);
    for (const text of ['', 'customer:', 'customer:01', 'staff:x', 'robot:1', 'system:', 'OPS', 'ops:1']) {
      expect(parseActor(text)).toBeNull();
    }
    expect(() => asActor('robot:1')).toThrow('Not an actor: robot:1.');
  });
});
