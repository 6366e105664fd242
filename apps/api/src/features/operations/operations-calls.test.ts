import crypto from 'node:crypto';
import { calls, staffPermissionOf } from '@lender/contract/api-calls';
import { ErrorId } from '@lender/contract/error-ids';
import {
  ROLE_PERMISSIONS,
  STAFF_ROLES,
  type Permission,
  type StaffRole,
} from '@lender/contract/staff-permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../test/factories';
import { createStaffSession } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { operationsCalls, type Answer } from './operations-test-support';

/*
 * The operations page (issue 48 item 9) and staff document links (item 4), through the HTTP calls: each
 * act through the service `ops` uses, with the member as its actor and an audit row with the address and
 * the before and after.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaffSession>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffSession(t.ctx, 'admin');
}, 60_000);
afterAll(() => t?.close());

const { post, get, auditRows } = operationsCalls(
  () => t,
  () => admin.cookie,
);

const OPERATION_CALLS = Object.entries(calls).filter(
  ([name]) => name.startsWith('operations') || name.startsWith('staffDocuments'),
);

describe('who may call the operations page and staff document links (the permission matrix)', () => {
  it('only the roles holding the permission pass; a customer token gets 401', async () => {
    const customer = await createSession(t.ctx);
    const cookies = new Map<StaffRole, string>();
    for (const role of STAFF_ROLES) cookies.set(role, (await createStaffSession(t.ctx, role)).cookie);
    expect(OPERATION_CALLS.length).toBe(15);
    for (const [name, def] of OPERATION_CALLS) {
      const permission = staffPermissionOf(def.auth) as Permission;
      const url = `/api/staff/${def.controller}/${def.action}`;
      for (const role of STAFF_ROLES) {
        const res = await t.app.inject({
          method: def.method,
          url,
          headers: { cookie: cookies.get(role)!, 'content-type': 'application/json' },
          ...(def.method === 'POST' ? { payload: '{}' } : {}),
        });
        const allowed = ROLE_PERMISSIONS[role].includes(permission);
        // Allowed: past the permission, to the input's check (400) or an answer; refused: 403.
        if (allowed) expect(res.statusCode, `${name} ${role}`).not.toBe(403);
        else expect(res.statusCode, `${name} ${role}`).toBe(403);
      }
      const asCustomer = await t.app.inject({
        method: def.method,
        url,
        headers: { authorization: customer.authorization },
      });
      expect(asCustomer.statusCode, name).toBe(401);
    }
    // Admin only for the operations page; documents for whoever reads applications.
    for (const [name, def] of OPERATION_CALLS) {
      const holders = STAFF_ROLES.filter((r) =>
        ROLE_PERMISSIONS[r].includes(staffPermissionOf(def.auth) as Permission),
      );
      if (name.startsWith('operations')) expect(holders, name).toEqual(['admin']);
      else expect(holders.length, name).toBeGreaterThan(1);
    }
  });
});

describe('Operations/Overview, SetBusinessDate, SetMaintenance', () => {
  it('shows the business date, the last close, the outbox and the maintenance switch', async () => {
    await t.ctx.db
      .insertInto('business_days')
      .values({
        business_date: '2026-01-05',
        loans_closed: 17,
        started_at: '2026-01-06T00:10:00.000Z',
        closed_at: '2026-01-06T00:11:00.000Z',
      })
      .execute();
    await t.ctx.outbox.enqueue(t.ctx.db, { channel: 'sms', to: '07700900123', text: 'A waiting message' });
    const res = await get('Operations/Overview');
    expect(res.statusCode).toBe(200);
    const o = res.json().object;
    expect(o.businessDate).toBe(await t.ctx.businessDate.refresh(true));
    expect(o.businessDateSettable).toBe(true);
    expect(o.maintenance).toBe(false);
    expect(o.outbox.pending).toBeGreaterThanOrEqual(1);
    expect(o.outbox.oldestPendingSeconds).toBeGreaterThanOrEqual(0);
    expect(o.lastClose).toMatchObject({ loansClosed: expect.any(Number) });
    const latest = await t.ctx.db
      .selectFrom('business_days')
      .select('business_date')
      .orderBy('business_date', 'desc')
      .executeTakeFirstOrThrow();
    expect(o.lastClose.businessDate).toBe(latest.business_date);
  });

  it('moves the business date forward, audited with the actor, address, before and after', async () => {
    const before = await t.ctx.businessDate.refresh(true);
    const later = new Date(Date.parse(`${before}T12:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
    const set = await post('Operations/SetBusinessDate', { date: later });
    expect(set.error.errorID, set.error.errorMessage).toBe(0);
    expect(set.object).toEqual({ businessDate: later });
    const [row] = (await auditRows('business-date-set-from-console')).slice(-1);
    expect(row).toMatchObject({ actor: `staff:${admin.member.id}` });
    expect(JSON.parse(row!.details!)).toMatchObject({
      address: expect.any(String),
      before: { businessDate: before },
      after: { businessDate: later },
    });
    expect((await auditRows('business-date-set')).slice(-1)[0]).toMatchObject({
      actor: `staff:${admin.member.id}`,
    });
    const bad = await post('Operations/SetBusinessDate', { date: '2026-02-30' });
    expect(bad.status).toBe(400);
  });

  it('switches maintenance on and off, each audited', async () => {
    const on = await post('Operations/SetMaintenance', { on: true });
    expect(on.object).toEqual({ maintenance: true });
    expect(await t.ctx.maintenance.isOn()).toBe(true);
    // The operations page itself still answers, so an admin can switch it off again; the rest waits.
    expect((await get('Operations/Overview')).json().object.maintenance).toBe(true);
    expect((await get('Customers/Search?q=nobody@example.com')).statusCode).toBe(503);
    const off = await post('Operations/SetMaintenance', { on: false });
    expect(off.object).toEqual({ maintenance: false });
    expect(await t.ctx.maintenance.isOn()).toBe(false);
    const rows = (await auditRows('maintenance-set-from-console')).slice(-2);
    expect(rows.map((r) => JSON.parse(r.details!).after)).toEqual([
      { maintenance: true },
      { maintenance: false },
    ]);
  });
});

describe('Operations in production: the business date, the maintenance switch', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-that-is-long-enough-1234567890',
      DATA_KEY: 'f'.repeat(64),
    });
  }, 60_000);
  afterAll(() => prod?.close());

  it('is refused and changes nothing; the overview says it cannot be set', async () => {
    const who = await createStaffSession(prod.ctx, 'admin');
    const before = await prod.ctx.businessDate.refresh(true);
    const res = await prod.app.inject({
      method: 'POST',
      url: '/api/staff/Operations/SetBusinessDate',
      headers: { cookie: who.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ date: '2099-01-01' }),
    });
    const body = res.json() as Answer;
    expect(body.error.errorID).toBe(ErrorId.conflict);
    expect(body.error.errorMessage).toMatch(/production/);
    expect(await prod.ctx.businessDate.refresh(true)).toBe(before);
    const overview = await prod.app.inject({
      method: 'GET',
      url: '/api/staff/Operations/Overview',
      headers: { cookie: who.cookie },
    });
    expect(overview.json().object.businessDateSettable).toBe(false);
  });

  it('lets an admin switch maintenance off again from the console while customers are refused', async () => {
    const who = await createStaffSession(prod.ctx, 'admin');
    const send = (url: string, payload?: object) =>
      prod.app.inject({
        method: payload ? 'POST' : 'GET',
        url,
        headers: { cookie: who.cookie },
        ...(payload ? { payload } : {}),
      });
    const on = await send('/api/staff/Operations/SetMaintenance', { on: true });
    expect(on.json().object).toEqual({ maintenance: true });
    const customers = await send('/api/Dictionary/GetDictionaries', { queries: [] });
    expect(customers.statusCode).toBe(503);
    expect(customers.json().error.errorID).toBe(ErrorId.maintenance);
    // Staff calls other than the way back out are closed too.
    expect((await send('/api/staff/Audit/Events')).statusCode).toBe(503);
    expect((await send('/api/staff/Staff/Me')).statusCode).toBe(200);
    const off = await send('/api/staff/Operations/SetMaintenance', { on: false });
    expect(off.json().object).toEqual({ maintenance: false });
    expect((await send('/api/staff/Audit/Events')).statusCode).toBe(200);
  });
});

describe('Operations/AddPartner, Partners, RevokePartner', () => {
  it('shows a new key once, lists the partner by its hint, and revokes it', async () => {
    const name = `Broker${crypto.randomBytes(4).toString('hex')}`;
    const added = await post('Operations/AddPartner', { name, tierName: null });
    expect(added.error.errorID, added.error.errorMessage).toBe(0);
    const key = added.object.key as string;
    expect(key.length).toBeGreaterThan(20);
    const listed = await get('Operations/Partners');
    expect(listed.body).not.toContain(key);
    const partner = listed.json().object.partners.find((p: { name: string }) => p.name === name);
    expect(partner).toMatchObject({ createdBy: `staff:${admin.member.id}`, revokedAt: null });
    expect(key.endsWith(partner.keyHint)).toBe(true);
    // Nothing stored or audited holds the key.
    const audit = await t.ctx.db.selectFrom('audit_events').select('details').execute();
    expect(JSON.stringify(audit)).not.toContain(key);
    const again = await post('Operations/AddPartner', { name, tierName: null });
    expect(again.error.errorID).toBe(ErrorId.conflict);

    const revoked = await post('Operations/RevokePartner', { name });
    expect(revoked.object).toMatchObject({ name, already: false });
    const after = (await get('Operations/Partners'))
      .json()
      .object.partners.find((p: { name: string }) => p.name === name);
    expect(after.revokedBy).toBe(`staff:${admin.member.id}`);
    expect((await auditRows('partner-revoked-from-console')).slice(-1)[0]).toMatchObject({
      actor: `staff:${admin.member.id}`,
      subject_id: name,
    });
    const unknown = await post('Operations/RevokePartner', { name: `${name}x` });
    expect(unknown.error.errorID).toBe(ErrorId.notFound);
  });
});

describe('Operations staff accounts', () => {
  it('invites a member (the e-mail sent), changes the role, lists and ends sessions, disables', async () => {
    const email = `member.${crypto.randomBytes(4).toString('hex')}@example.com`;
    const invited = await post('Operations/InviteStaff', { email, role: 'agent', displayName: 'Sam Agent' });
    expect(invited.error.errorID, invited.error.errorMessage).toBe(0);
    expect(invited.object).toMatchObject({ email, role: 'agent' });
    const mail = await t.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(t.ctx.outbox.revealForDevelopers(mail).text).toMatch(/\/staff\/invite\/[\w-]{43}/);
    const staffId = invited.object.staffId as number;
    // The invitation code, answered this once to the admin and in no e-mail (decision 071).
    const code = invited.object.invitationCode as string;
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(t.ctx.outbox.revealForDevelopers(mail).text).not.toContain(code);
    // Invited again (the code lost): a new code, the earlier invitation withdrawn, audited.
    const again = await post('Operations/ReinviteStaff', { staffId });
    expect(again.error.errorID, again.error.errorMessage).toBe(0);
    expect(again.object).toMatchObject({ staffId, email, role: 'agent' });
    expect(again.object.invitationCode).not.toBe(code);
    const open = await t.ctx.db
      .selectFrom('staff_invitations')
      .select('used_at')
      .where('staff_id', '=', staffId)
      .orderBy('id')
      .execute();
    expect(open.map((i) => i.used_at === null)).toEqual([false, true]);
    expect((await auditRows('staff-reinvited-from-console')).slice(-1)[0]).toMatchObject({
      actor: `staff:${admin.member.id}`,
      subject_id: String(staffId),
    });
    expect((await post('Operations/ReinviteStaff', { staffId: 99_999_999 })).error.errorID).toBe(
      ErrorId.notFound,
    );

    const role = await post('Operations/SetStaffRole', { staffId, role: 'collections' });
    expect(role.object).toEqual({ staffId, from: 'agent', to: 'collections' });
    const roleRow = (await auditRows('staff-role-changed-from-console')).slice(-1)[0]!;
    expect(JSON.parse(roleRow.details!)).toMatchObject({
      before: { role: 'agent' },
      after: { role: 'collections' },
    });

    // Two sessions of the member (as the sign-in opens them); one ended from the page.
    const { staffAccounts } = await import('../../entities/staff/staff-sessions');
    const accounts = staffAccounts(t.ctx.db);
    const first = await accounts.openSession(staffId);
    const second = await accounts.openSession(staffId);
    const sessions = (await get(`Operations/StaffSessions?staffId=${staffId}`)).json().object.sessions;
    expect(sessions.map((s: { sessionId: number }) => s.sessionId).sort()).toEqual(
      [first.sessionId, second.sessionId].sort(),
    );
    const ended = await post('Operations/EndSession', { sessionId: first.sessionId });
    expect(ended.object).toEqual({ sessionId: first.sessionId, staffId });
    expect(await accounts.findLive(first.token)).toBeNull();
    expect(await accounts.findLive(second.token)).not.toBeNull();

    const listed = (await get('Operations/Staff')).json().object.members;
    expect(listed.find((m: { staffId: number }) => m.staffId === staffId)).toMatchObject({
      role: 'collections',
      disabled: false,
      liveSessions: 1,
    });

    // Disabling ends the member's sessions at once.
    const disabled = await post('Operations/DisableStaff', { staffId });
    expect(disabled.object).toEqual({ staffId, already: false, sessionsEnded: 1 });
    expect(await accounts.findLive(second.token)).toBeNull();
    const signedOut = await t.app.inject({
      method: 'GET',
      url: '/api/staff/Staff/Me',
      headers: { cookie: `staff_session=${second.token}` },
    });
    expect(signedOut.statusCode).toBe(401);
    const row = (await auditRows('staff-disabled-from-console')).slice(-1)[0]!;
    expect(row.actor).toBe(`staff:${admin.member.id}`);
    expect(JSON.parse(row.details!)).toMatchObject({
      address: expect.any(String),
      before: { disabled: false },
      after: { disabled: true },
    });
  });

  it('refuses an admin disabling or re-roling themselves, and an unknown member', async () => {
    const self = await post('Operations/DisableStaff', { staffId: admin.member.id });
    expect(self.error.errorID).toBe(ErrorId.conflict);
    const selfRole = await post('Operations/SetStaffRole', { staffId: admin.member.id, role: 'agent' });
    expect(selfRole.error.errorID).toBe(ErrorId.conflict);
    expect((await get('Staff/Me')).json().object).toMatchObject({ role: 'admin' });
    const unknown = await post('Operations/DisableStaff', { staffId: 99_999_999 });
    expect(unknown.error.errorID).toBe(ErrorId.notFound);
    const badRole = await post('Operations/InviteStaff', {
      email: 'x@example.com',
      role: 'boss',
      displayName: null,
    });
    expect(badRole.status).toBe(400);
  });
});
