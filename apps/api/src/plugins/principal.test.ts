import { calls, callPath } from '@lender/contract/api-calls';
import { ErrorId, Refusal } from '@lender/contract/envelope';
import { ROLE_PERMISSIONS } from '@lender/contract/staff-permissions';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../lib/secrets';
import { createSession } from '../test/factories';
import { createStaffSession } from '../test/staff';
import { createTestApp, type TestApp } from '../test/test-app';
import { signedUndecided } from '../test/undecided-signature';
import { STAFF_SESSION_IDLE_MS } from '../entities/staff/staff-sessions';
import { actorOf, staffSessionCookie } from './principal';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const QUEUE = '/api/staff/Underwriting/Queue';
const ME = '/api/staff/Staff/Me';
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('a staff call, by the one principal mechanism', () => {
  it('lives under /api/staff/', () => {
    expect(callPath(calls.underwritingQueue)).toBe(QUEUE);
    expect(callPath(calls.staffMe)).toBe(ME);
  });

  it('answers 401 to no credential, and to a customer whose token is valid', async () => {
    const none = await get(QUEUE);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: Refusal.unauthorized, object: null });

    const customer = await createSession(t.ctx);
    // The token is good: the same token opens the customer's own calls.
    const own = await get('/api/MyAccountArea/GetBorrowingSummary', {
      authorization: customer.authorization,
    });
    expect(own.statusCode).not.toBe(401);
    for (const url of [QUEUE, ME]) {
      const res = await get(url, { authorization: customer.authorization });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual({ error: Refusal.unauthorized, object: null });
    }
  });

  it('answers 401 to a cookie that is no session of ours', async () => {
    for (const value of ['x', 'A'.repeat(43), '']) {
      const res = await get(QUEUE, { cookie: `staff_session=${value}` });
      expect(res.statusCode, value).toBe(401);
    }
  });

  it("answers 403 to a staff member whose role lacks the call's permission", async () => {
    const complaints = await createStaffSession(t.ctx, 'complaints');
    expect(ROLE_PERMISSIONS.complaints).not.toContain('application:decide');
    const res = await get(QUEUE, { cookie: complaints.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: Refusal.permissionNeeded, object: null });
    expect(Refusal.permissionNeeded.errorID).toBe(ErrorId.forbidden);
    // Any staff member may ask who they are.
    const me = await get(ME, { cookie: complaints.cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().object).toEqual({
      staffId: complaints.member.id,
      username: complaints.member.username,
      email: null,
      displayName: 'A complaints',
      role: 'complaints',
      permissions: [
        'application:read',
        'loan:write-off',
        'customer:note',
        'vulnerability:health',
        'complaint:log',
        'complaint:read',
        'complaint:handle',
      ],
    });
  });

  it("answers an underwriter the applications waiting for a person's decision, as ops lists them", async () => {
    const applicationId = await signedUndecided(t);
    const app = await t.ctx.db
      .selectFrom('applications')
      .innerJoin('customers', 'customers.id', 'applications.customer_id')
      .select(['applications.guid', 'applications.amount_pence', 'customers.email', 'customers.first_name'])
      .where('applications.id', '=', applicationId)
      .executeTakeFirstOrThrow();
    const underwriter = await createStaffSession(t.ctx, 'underwriter');
    const res = await get(QUEUE, { cookie: `theme=dark; ${underwriter.cookie}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().error.errorID).toBe(0);
    expect(res.json().object.applications).toContainEqual({
      applicationGuid: app.guid,
      statusId: AppStatus.undewriting,
      referred: false,
      customerEmail: app.email,
      firstName: app.first_name,
      amountPence: app.amount_pence,
    });
    const pending = await t.app.servicing.underwriting.pending();
    expect(res.json().object.applications.map((a: { applicationGuid: string }) => a.applicationGuid)).toEqual(
      pending.map((a) => a.guid),
    );
  });
});

describe('a staff session', () => {
  const sessionRow = (id: number) =>
    t.ctx.db.selectFrom('staff_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('is stored as the hash of its token only, and its cookie is HttpOnly, SameSite=Strict', async () => {
    const { session } = await createStaffSession(t.ctx, 'underwriter');
    const row = await sessionRow(session.sessionId);
    expect(row.token_hash).toBe(sha256(session.token));
    expect(JSON.stringify(row)).not.toContain(session.token);
    const cookie = staffSessionCookie(t.ctx.config, session.token, 60);
    expect(cookie).toMatch(/^staff_session=[\w-]+; Path=\/api\/staff; HttpOnly; SameSite=Strict; Max-Age=60/);
    expect(cookie).not.toContain('Secure');
    expect(staffSessionCookie({ ...t.ctx.config, NODE_ENV: 'production' }, session.token, 60)).toMatch(
      /; Secure$/,
    );
  });

  it('ends after 15 minutes without a call', async () => {
    const staff = await createStaffSession(t.ctx, 'underwriter');
    expect((await get(QUEUE, { cookie: staff.cookie })).statusCode).toBe(200);
    const idleSince = new Date(Date.now() - STAFF_SESSION_IDLE_MS - 1000).toISOString();
    await t.ctx.db
      .updateTable('staff_sessions')
      .set({ last_seen_at: idleSince })
      .where('id', '=', staff.session.sessionId)
      .execute();
    expect((await get(QUEUE, { cookie: staff.cookie })).statusCode).toBe(401);
  });

  it('is kept alive by its calls', async () => {
    const staff = await createStaffSession(t.ctx, 'underwriter');
    const aWhileAgo = new Date(Date.now() - STAFF_SESSION_IDLE_MS + 60_000).toISOString();
    await t.ctx.db
      .updateTable('staff_sessions')
      .set({ last_seen_at: aWhileAgo })
      .where('id', '=', staff.session.sessionId)
      .execute();
    expect((await get(ME, { cookie: staff.cookie })).statusCode).toBe(200);
    expect((await sessionRow(staff.session.sessionId)).last_seen_at > aWhileAgo).toBe(true);
  });

  it('lives up to 10 hours after it opened (issue 48), then ends however busy', async () => {
    const hours = (h: number) => h * 60 * 60 * 1000;
    const openedAgo = async (ms: number) => {
      const staff = await createStaffSession(t.ctx, 'underwriter', new Date(Date.now() - ms));
      // Busy until a moment ago: only the absolute end can refuse it.
      await t.ctx.db
        .updateTable('staff_sessions')
        .set({ last_seen_at: new Date().toISOString() })
        .where('id', '=', staff.session.sessionId)
        .execute();
      return (await get(ME, { cookie: staff.cookie })).statusCode;
    };
    // Past issue 44's 8 hours, a shift's session still works...
    expect(await openedAgo(hours(9.9))).toBe(200);
    // ...and ends at 10.
    expect(await openedAgo(hours(10) + 1000)).toBe(401);
  });

  it('counts for nothing once ended, or once its member is disabled', async () => {
    const ended = await createStaffSession(t.ctx, 'underwriter');
    expect((await get(ME, { cookie: ended.cookie })).statusCode).toBe(200);
    await t.ctx.db
      .updateTable('staff_sessions')
      .set({ ended_at: new Date().toISOString() })
      .where('id', '=', ended.session.sessionId)
      .execute();
    expect((await get(ME, { cookie: ended.cookie })).statusCode).toBe(401);

    const disabled = await createStaffSession(t.ctx, 'underwriter');
    await t.ctx.db
      .updateTable('staff_members')
      .set({ disabled_at: new Date().toISOString() })
      .where('id', '=', disabled.member.id)
      .execute();
    expect((await get(ME, { cookie: disabled.cookie })).statusCode).toBe(401);
  });
});

describe('actorOf', () => {
  it('names each kind of principal that acts', () => {
    expect(actorOf({ kind: 'customer', customerId: 7, familyId: 3 })).toBe('customer:7');
    expect(
      actorOf({
        kind: 'staff',
        staffId: 12,
        username: 'u',
        email: null,
        displayName: 'U',
        role: 'admin',
        permissions: [],
        sessionId: 1,
      }),
    ).toBe('staff:12');
    expect(
      actorOf({
        kind: 'partner',
        partner: {
          id: 5,
          name: 'p',
          tierName: null,
          keyHint: 'abcd',
          createdAt: '',
          revokedAt: null,
          createdBy: 'ops',
          revokedBy: null,
        },
      }),
    ).toBe('partner:5');
  });
});
