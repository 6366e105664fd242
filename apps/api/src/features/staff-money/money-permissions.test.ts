import { calls, staffPermissionOf } from '@lender/contract/api-calls';
import { ErrorId } from '@lender/contract/error-ids';
import { ROLE_PERMISSIONS, STAFF_ROLES, type Permission } from '@lender/contract/staff-permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../test/factories';
import { createStaffSession } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

/** Every Money call, with a request each role may make without moving money (unknown loan or proposal). */
const CALLS = [
  { name: 'moneyLoanProposals', method: 'GET', url: '/api/staff/Money/LoanProposals?loanId=999999' },
  { name: 'moneyApprovals', method: 'GET', url: '/api/staff/Money/Approvals' },
  {
    name: 'moneyProposeRefund',
    method: 'POST',
    url: '/api/staff/Money/ProposeRefund',
    body: { loanId: 999999, amountPence: 100, reason: 'A reason' },
  },
  {
    name: 'moneyProposeWaiver',
    method: 'POST',
    url: '/api/staff/Money/ProposeWaiver',
    body: { loanId: 999999, amountPence: 100, reason: 'A reason' },
  },
  {
    name: 'moneyProposeWriteOff',
    method: 'POST',
    url: '/api/staff/Money/ProposeWriteOff',
    body: { loanId: 999999, amountPence: 100, reason: 'A reason' },
  },
  { name: 'moneyApprove', method: 'POST', url: '/api/staff/Money/Approve', body: { proposalId: 999999 } },
  {
    name: 'moneyReject',
    method: 'POST',
    url: '/api/staff/Money/Reject',
    body: { proposalId: 999999, reason: 'A reason' },
  },
] as const;

describe('Money: permissions', () => {
  it('answers 403 to every role without the permission, and the call to every role with it', async () => {
    for (const role of STAFF_ROLES) {
      const staff = await createStaffSession(t.ctx, role);
      for (const c of CALLS) {
        const needs = staffPermissionOf(calls[c.name].auth);
        const allowed = ROLE_PERMISSIONS[role].includes(needs as Permission);
        const res = await t.app.inject({
          method: c.method,
          url: c.url,
          headers: { cookie: staff.cookie },
          ...('body' in c ? { payload: c.body } : {}),
        });
        expect(res.statusCode, `${role} ${c.name}`).toBe(allowed ? 200 : 403);
        if (!allowed) expect(res.json().error.errorID).toBe(ErrorId.forbidden);
      }
    }
    // Compliance and admin move no money; agents and collections decide nothing.
    for (const role of ['compliance', 'admin'] as const) {
      expect(ROLE_PERMISSIONS[role].filter((p) => p.startsWith('money:'))).toEqual([]);
    }
    for (const role of ['agent', 'collections'] as const)
      expect(ROLE_PERMISSIONS[role]).not.toContain('money:approve');
  });

  it('answers 401 to no staff session and to a customer token', async () => {
    const customer = await createSession(t.ctx);
    for (const c of CALLS) {
      const base = { method: c.method, url: c.url, ...('body' in c ? { payload: c.body } : {}) };
      expect((await t.app.inject(base)).statusCode, c.name).toBe(401);
      const res = await t.app.inject({ ...base, headers: { authorization: customer.authorization } });
      expect(res.statusCode, c.name).toBe(401);
    }
  });
});
