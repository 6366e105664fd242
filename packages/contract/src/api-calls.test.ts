import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  callPath,
  callRoutes,
  calls,
  isStaffCall,
  staffPermissionOf,
  type CallAuth,
  type CallName,
} from './api-calls';
import { PERMISSIONS } from './staff-permissions';

describe('who may make each call', () => {
  const entries = Object.entries(calls) as [CallName, (typeof calls)[CallName]][];

  it('is declared by every call, as one of the kinds the API resolves', () => {
    // The type holds it: `auth` is required and is a CallAuth on every entry.
    expectTypeOf<(typeof calls)[CallName]['auth']>().toExtend<CallAuth>();
    const kinds = new Set(['public', 'session', 'signing', 'partner']);
    for (const [name, def] of entries) {
      const staff = staffPermissionOf(def.auth);
      if (staff === null) expect(kinds.has(def.auth as string), name).toBe(true);
      else expect(staff === 'any' || (PERMISSIONS as readonly string[]).includes(staff), name).toBe(true);
    }
  });

  it('puts every staff call, and only those, under /api/staff/', () => {
    for (const [name, def] of entries) {
      const staff = staffPermissionOf(def.auth) !== null;
      // The console's sign-in calls (issue 48) are there too, public as no session exists yet.
      const signIn = 'area' in def && def.area === 'staff';
      expect(signIn && staff, name).toBe(false);
      expect(isStaffCall(def), name).toBe(staff || signIn);
      expect(callPath(def).startsWith('/api/staff/'), name).toBe(staff || signIn);
    }
    expect(callRoutes().staffLogin).toMatchObject({
      method: 'POST',
      path: '/api/staff/StaffAuth/Login',
      auth: 'public',
    });
    expect(callRoutes().underwritingQueue).toMatchObject({
      method: 'GET',
      path: '/api/staff/Underwriting/Queue',
      auth: { staff: 'application:decide' },
    });
  });
});
