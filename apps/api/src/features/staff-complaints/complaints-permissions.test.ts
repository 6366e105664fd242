import { calls, staffPermissionOf } from '@lender/contract/api-calls';
import { ErrorId } from '@lender/contract/error-ids';
import { ROLE_PERMISSIONS, STAFF_ROLES, type Permission } from '@lender/contract/staff-permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, type Customer } from '../../test/factories';
import { createStaffSession, staffInject } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { complaintCalls, resolution, TODAY, URL_OF } from './staff-complaints-test-support';

let t: TestApp;
let customer: Customer;

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.businessDate.set(TODAY);
  customer = await createCustomer(t.ctx.db, { first_name: 'Priya', last_name: 'Shah' });
}, 120_000);
afterAll(() => t?.close());

const { get, post } = staffInject(() => t);
const { logComplaint } = complaintCalls(
  () => t,
  () => customer,
);

describe('permissions', () => {
  it("answers 403 to every role without the call's permission, and the call to every role with it", async () => {
    const who = await createCustomer(t.ctx.db);
    const opener = await createStaffSession(t.ctx, 'complaints');
    const CALLS = [
      {
        name: 'complaintsLog',
        send: (c: string) =>
          post(URL_OF.log, c, {
            customerId: who.id,
            channel: 'letter',
            category: 'customerService',
            receivedOn: TODAY,
            summary: 'Rude on the phone.',
          }),
      },
      { name: 'complaintsList', send: (c: string) => get(URL_OF.list, c) },
      {
        name: 'complaintsResolve',
        send: async (c: string) => {
          const open = await logComplaint(opener.cookie, TODAY, who);
          return post(URL_OF.resolve, c, resolution(open.complaintId, 'summary'));
        },
      },
      {
        name: 'complaintsReport',
        send: (c: string) => get(`${URL_OF.report}?from=2030-07-01&to=${TODAY}`, c),
      },
      {
        name: 'complaintsHoldingResponse',
        send: async (c: string) => {
          const open = await logComplaint(opener.cookie, TODAY, who);
          return post(URL_OF.holding, c, {
            complaintId: open.complaintId,
            why: 'Waiting.',
            expectedBy: TODAY,
          });
        },
      },
      {
        name: 'complaintsLetter',
        send: async (c: string) => {
          const open = await logComplaint(opener.cookie, TODAY, who);
          await post(URL_OF.resolve, opener.cookie, resolution(open.complaintId, 'final'));
          return get(`${URL_OF.letter}?complaintId=${open.complaintId}`, c);
        },
      },
    ] as const;
    const counts = new Map<string, number>();
    for (const role of STAFF_ROLES) {
      const staff = await createStaffSession(t.ctx, role);
      for (const c of CALLS) {
        const needs = staffPermissionOf(calls[c.name].auth);
        const allowed = ROLE_PERMISSIONS[role].includes(needs as Permission);
        const res = await c.send(staff.cookie);
        expect(res.statusCode, `${role} ${c.name} ${res.body}`).toBe(allowed ? 200 : 403);
        if (!allowed) expect(res.json().error.errorID, `${role} ${c.name}`).toBe(ErrorId.forbidden);
        if (allowed) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
      }
    }
    // complaints and agent log; complaints and team-lead handle; compliance reads.
    expect(counts.get('complaintsLog')).toBe(2);
    expect(counts.get('complaintsResolve')).toBe(2);
    expect(counts.get('complaintsList')).toBe(4);
    expect(counts.get('complaintsReport')).toBe(4);
    expect(counts.get('complaintsLetter')).toBe(4);
    expect(counts.get('complaintsHoldingResponse')).toBe(2);
  });
});
