import { calls, staffPermissionOf } from '@lender/contract/api-calls';
import { addDays } from '@lender/contract/dates';
import { ErrorId } from '@lender/contract/error-ids';
import { ROLE_PERMISSIONS, STAFF_ROLES, type Permission } from '@lender/contract/staff-permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../test/factories';
import { activeLoan, defaultedPastRemedy, travelTo } from '../../test/live-loan';
import { createStaffSession } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DAYS_OF_CLOSING, kept, ledgerOf, post } from './collections-test-support';

describe('Loans/StartBreathingSpace, EndBreathingSpace and FlagLegal: the staff services, the actor staff', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('starts and ends a breathing space, each act audited with its actor and address', async () => {
    const loan = await activeLoan(t);
    const collections = await createStaffSession(t.ctx, 'collections');
    const today = t.ctx.businessDate.today();
    const started = await post(t, 'StartBreathingSpace', collections.cookie, { applicationGuid: loan.guid });
    expect(started.json().error.errorID, started.body).toBe(0);
    expect(started.json().object).toMatchObject({ startedOn: today, endsOn: addDays(today, 59), days: 60 });
    const again = await post(t, 'StartBreathingSpace', collections.cookie, { applicationGuid: loan.guid });
    expect(again.json().error).toMatchObject({ errorID: ErrorId.conflict });
    expect(again.json().error.errorMessage).toMatch(/already in a breathing space/);

    const space = await t.ctx.db
      .selectFrom('breathing_spaces')
      .selectAll()
      .where('application_id', '=', loan.applicationId)
      .executeTakeFirstOrThrow();
    expect(space.started_by).toBe(`staff:${collections.member.id}`);

    const ended = await post(t, 'EndBreathingSpace', collections.cookie, { applicationGuid: loan.guid });
    expect(ended.json().error.errorID, ended.body).toBe(0);
    expect(ended.json().object).toMatchObject({ lastDay: today, resumesOn: addDays(today, 1) });
    const audit = await t.ctx.db
      .selectFrom('audit_events')
      .select(['action', 'actor', 'details'])
      .where('actor', '=', `staff:${collections.member.id}`)
      .where('action', 'like', 'breathing-space-%')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['breathing-space-started', 'breathing-space-ended']);
    for (const a of audit) expect(JSON.parse(a.details!)).toHaveProperty('address');
  });

  it(
    'starts a mental health crisis moratorium that lasts past 60 days, until staff end it',
    async () => {
      const loan = await activeLoan(t);
      const collections = await createStaffSession(t.ctx, 'collections');
      const today = t.ctx.businessDate.today();
      const started = await post(t, 'StartBreathingSpace', collections.cookie, {
        applicationGuid: loan.guid,
        kind: 'mental-health-crisis',
      });
      expect(started.json().error.errorID, started.body).toBe(0);
      expect(started.json().object).toMatchObject({ kind: 'mental-health-crisis', endsOn: null, days: null });
      // Seventy days on, still held: no interest was added after the start.
      await travelTo(t, addDays(today, 70));
      const interestAfter = kept(await ledgerOf(t, loan.applicationId)).filter(
        (r) => r.type === 'interest' && r.on_date >= today,
      );
      expect(interestAfter).toEqual([]);
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/staff/Customers/Loan?loanId=${loan.applicationId}`,
        headers: { cookie: collections.cookie },
      });
      expect(page.json().object.holds).toContainEqual(
        expect.objectContaining({ kind: 'breathingSpace', until: null, since: today }),
      );
      const ended = await post(t, 'EndBreathingSpace', collections.cookie, { applicationGuid: loan.guid });
      expect(ended.json().error.errorID, ended.body).toBe(0);
      // From the day after, interest runs again.
      await travelTo(t, addDays(today, 73));
      expect(
        kept(await ledgerOf(t, loan.applicationId)).filter(
          (r) => r.type === 'interest' && r.on_date > addDays(today, 70),
        ),
      ).not.toEqual([]);
    },
    DAYS_OF_CLOSING,
  );

  it('flags legal only once a default notice\u2019s remedy date has passed', async () => {
    const collections = await createStaffSession(t.ctx, 'collections');
    const current = await activeLoan(t);
    const early = await post(t, 'FlagLegal', collections.cookie, { applicationGuid: current.guid });
    expect(early.json().error.errorID).toBe(ErrorId.conflict);
    const isLegal = async (customerId: number) =>
      (
        await t.ctx.db
          .selectFrom('customers')
          .select('is_legal')
          .where('id', '=', customerId)
          .executeTakeFirstOrThrow()
      ).is_legal;
    expect(await isLegal(current.customerId)).toBeFalsy();

    const defaulted = await defaultedPastRemedy(t);
    const flagged = await post(t, 'FlagLegal', collections.cookie, { applicationGuid: defaulted.guid });
    expect(flagged.json().error.errorID, flagged.body).toBe(0);
    expect(flagged.json().object.letter.issued).toBe(true);
    expect(await isLegal(defaulted.customerId)).toBeTruthy();
    const audit = await t.ctx.db
      .selectFrom('audit_events')
      .select(['actor', 'details'])
      .where('action', 'in', ['legal-flag-on', 'legal-flagged-from-console'])
      .where('subject_id', '=', defaulted.guid)
      .execute();
    // One row for one act: the service's, with the console's address and the before and after.
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor).toBe(`staff:${collections.member.id}`);
    expect(JSON.parse(audit[0]!.details!)).toMatchObject({
      address: expect.any(String),
      before: { isLegal: false },
      after: { isLegal: true },
    });
  });

  const CALLS = [
    {
      name: 'loansPostTransfer',
      url: 'PostTransfer',
      body: { loanId: 99999999, amount: '1', valueDate: '2026-01-01', reference: 'X' },
    },
    {
      name: 'loansStartBreathingSpace',
      url: 'StartBreathingSpace',
      body: { applicationGuid: 'no-such-guid' },
    },
    { name: 'loansEndBreathingSpace', url: 'EndBreathingSpace', body: { applicationGuid: 'no-such-guid' } },
    { name: 'loansFlagLegal', url: 'FlagLegal', body: { applicationGuid: 'no-such-guid' } },
    {
      name: 'loansRecordPromise',
      url: 'RecordPromise',
      body: { loanId: 99999999, amount: '1', dueDate: '2026-01-01' },
    },
  ] as const;

  it("answers 403 to every role without the call's permission, and the call to every role with it", async () => {
    // Collections and agents post transfers; collections start and end breathing spaces and flag legal;
    // compliance and admin act on no loan.
    expect(ROLE_PERMISSIONS.compliance).not.toContain('loan:payment');
    expect(ROLE_PERMISSIONS.admin).not.toContain('loan:payment');
    for (const role of STAFF_ROLES) {
      const staff = await createStaffSession(t.ctx, role);
      for (const c of CALLS) {
        const needs = staffPermissionOf(calls[c.name].auth);
        const allowed = ROLE_PERMISSIONS[role].includes(needs as Permission);
        const res = await post(t, c.url, staff.cookie, c.body);
        expect(res.statusCode, `${role} ${c.name}`).toBe(allowed ? 200 : 403);
        expect(res.json().error.errorID, `${role} ${c.name}`).toBe(
          allowed
            ? c.name === 'loansPostTransfer' || c.name === 'loansRecordPromise'
              ? ErrorId.notFound
              : ErrorId.conflict
            : ErrorId.forbidden,
        );
      }
      const listed = await t.app.inject({
        method: 'GET',
        url: '/api/staff/Loans/Promises?loanId=99999999',
        headers: { cookie: staff.cookie },
      });
      const mayRead = ROLE_PERMISSIONS[role].includes(
        staffPermissionOf(calls.loansPromises.auth) as Permission,
      );
      expect(listed.statusCode, `${role} loansPromises`).toBe(mayRead ? 200 : 403);
    }
  });

  it('answers 401 to no staff session and to a customer bearer token', async () => {
    const customer = await createSession(t.ctx);
    for (const c of CALLS) {
      const none = await t.app.inject({ method: 'POST', url: `/api/staff/Loans/${c.url}`, payload: c.body });
      expect(none.statusCode, c.name).toBe(401);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/staff/Loans/${c.url}`,
        headers: { authorization: customer.authorization },
        payload: c.body,
      });
      expect(res.statusCode, c.name).toBe(401);
    }
  });
});
