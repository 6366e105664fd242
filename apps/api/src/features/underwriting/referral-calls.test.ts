import { calls, staffPermissionOf } from '@lender/contract/api-calls';
import { ErrorId } from '@lender/contract/error-ids';
import { ROLE_PERMISSIONS, STAFF_ROLES, type Permission } from '@lender/contract/staff-permissions';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusOf } from '../../test/live-loan';
import { createStaffSession, staffInject } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { referralTestSupport, URL_OF } from './referral-calls-test-support';
import { referralReasons } from './referral-reasons';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const { get, post } = staffInject(() => t);
const { referred, reviewAsked, auditOf } = referralTestSupport(() => t);

describe('the Referrals queue', () => {
  it('lists a referred application with its reasons, and a review request, oldest first', async () => {
    const signer = await referred();
    const review = await reviewAsked();
    const underwriter = await createStaffSession(t.ctx, 'underwriter');
    const res = await get(URL_OF.referrals, underwriter.cookie);
    expect(res.statusCode).toBe(200);
    const { referrals } = res.json().object;
    const mine = referrals.find((r: { applicationGuid: string }) => r.applicationGuid === signer.guid);
    expect(mine).toMatchObject({
      customerId: signer.customerId,
      kind: 'referral',
      statusId: AppStatus.undewritingReview,
      heldBy: null,
      reasons: [expect.stringMatching(/over 75 by your last repayment/)],
    });
    expect(mine.customerName).toMatch(/\S+ \S+/);
    expect(mine.amountPence).toBeGreaterThan(0);
    expect(mine.termMonths).toBeGreaterThan(0);
    expect(mine.ageMinutes).toBeGreaterThanOrEqual(0);
    const asked = referrals.find((r: { applicationGuid: string }) => r.applicationGuid === review.guid);
    expect(asked).toMatchObject({ kind: 'reviewRequest', statusId: AppStatus.leadDeclined });
    expect(asked.reasons.join(' ')).toContain('review the automated decline');
    expect(asked.reasons.join(' ')).toContain('Says it was paid.');
    const times = referrals.map((r: { referredAt: string }) => r.referredAt);
    expect(times).toEqual([...times].sort());
  });

  it("says a credit file's and a payout's referral in words", () => {
    expect(referralReasons('underwriting-referred', 'credit-identityNotConfirmed: credit file: x')).toEqual([
      "The credit reference agency could not confirm the applicant's name, date of birth and address together.",
    ]);
    expect(referralReasons('underwriting-referred', 'credit-modelledIncomeLow: credit file: x')[0]).toMatch(
      /modelled income is well below/,
    );
    expect(referralReasons('payout-referred', 'account closed')).toEqual([
      'The payout was refused: account closed',
    ]);
    expect(referralReasons('underwriting-referred', 'age: A; residency: B')).toEqual(['A', 'B']);
  });
});

describe('holding a referral', () => {
  it('is one underwriter at a time: another is refused until it is released', async () => {
    const signer = await referred();
    const first = await createStaffSession(t.ctx, 'underwriter');
    const second = await createStaffSession(t.ctx, 'underwriter');
    const held = await post(URL_OF.hold, first.cookie, { applicationGuid: signer.guid });
    expect(held.json()).toEqual({
      error: { errorID: 0, errorMessage: '' },
      object: {
        applicationGuid: signer.guid,
        heldBy: { staffId: first.member.id, displayName: first.member.displayName },
      },
    });
    // Holding it again is no change.
    expect(
      (await post(URL_OF.hold, first.cookie, { applicationGuid: signer.guid })).json().error.errorID,
    ).toBe(0);
    const refused = await post(URL_OF.hold, second.cookie, { applicationGuid: signer.guid });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().error).toEqual({
      errorID: ErrorId.conflict,
      errorMessage: 'A underwriter holds this application: ask them to release it first.',
    });
    // The queue shows who holds it; the other cannot decide it while it is held.
    const queue = (await get(URL_OF.referrals, second.cookie)).json().object.referrals;
    expect(queue.find((r: { applicationGuid: string }) => r.applicationGuid === signer.guid).heldBy).toEqual({
      staffId: first.member.id,
      displayName: first.member.displayName,
    });
    const decide = await post(URL_OF.decide, second.cookie, {
      applicationGuid: signer.guid,
      decision: 'decline',
      reason: 'Not mine to decide',
    });
    expect(decide.json().error.errorID).toBe(ErrorId.conflict);
    expect(await statusOf(t, signer.guid)).toBe(AppStatus.undewritingReview);
    // Only its holder releases it; then the other may take it.
    expect(
      (await post(URL_OF.release, second.cookie, { applicationGuid: signer.guid })).json().error.errorID,
    ).toBe(ErrorId.conflict);
    expect(
      (await post(URL_OF.release, first.cookie, { applicationGuid: signer.guid })).json().object.heldBy,
    ).toBe(null);
    const taken = await post(URL_OF.hold, second.cookie, { applicationGuid: signer.guid });
    expect(taken.json().object.heldBy.staffId).toBe(second.member.id);
    expect((await auditOf(signer.guid, 'referral-held')).map((e) => e.actor)).toEqual([
      `staff:${first.member.id}`,
      `staff:${second.member.id}`,
    ]);
  });
});

describe('the application workbench', () => {
  it('shows the applicant, answers, figures, quote and decisions, and audits the opening', async () => {
    const signer = await referred();
    const underwriter = await createStaffSession(t.ctx, 'underwriter');
    const res = await t.app.inject({
      method: 'GET',
      url: `${URL_OF.application}?guid=${signer.guid}`,
      headers: { cookie: underwriter.cookie },
      remoteAddress: '203.0.113.7',
    });
    expect(res.statusCode).toBe(200);
    const bench = res.json().object;
    const app = await t.ctx.db
      .selectFrom('applications')
      .selectAll()
      .where('guid', '=', signer.guid)
      .executeTakeFirstOrThrow();
    const customer = await t.ctx.db
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', app.customer_id)
      .executeTakeFirstOrThrow();
    const affordability = await t.ctx.db
      .selectFrom('application_affordability')
      .selectAll()
      .where('application_id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(bench).toMatchObject({
      applicationGuid: signer.guid,
      statusId: AppStatus.undewritingReview,
      waitingForPerson: true,
      heldBy: null,
      applicant: {
        customerId: customer.id,
        firstName: customer.first_name,
        lastName: customer.last_name,
        birthDate: customer.birth_date,
        email: customer.email,
        mobile: customer.mobile,
        postCode: customer.post_code,
      },
      loan: {
        amountPence: app.amount_pence,
        termMonths: app.period,
        netMonthlyIncomePence: app.net_monthly_income_pence,
      },
      affordability: {
        netIncomePence: affordability.net_income_pence,
        expensesPence: affordability.expenses_pence,
        instalmentPence: affordability.instalment_pence,
        bufferPence: affordability.buffer_pence,
        employerName: affordability.employer_name,
      },
      quote: {
        amountPence: app.amount_pence,
        instalmentPence: app.quote_instalment_pence,
        totalRepayablePence: app.quote_total_repayable_pence,
        aprPercent: app.quote_apr_percent,
      },
      reviewRequest: null,
    });
    expect(bench.quote.totalRepayablePence).toBeGreaterThan(app.amount_pence);
    expect(bench.affordability.employmentType).not.toBe('');
    expect(bench.decisions.map((d: { kind: string }) => d.kind)).toEqual(
      expect.arrayContaining(['esigned', 'underwriting-referred']),
    );
    expect(bench.decisions.find((d: { kind: string }) => d.kind === 'underwriting-referred')).toMatchObject({
      actor: 'system:underwriting',
      actorName: 'system:underwriting',
    });
    expect(bench.findings.length).toBeGreaterThan(0);
    expect(bench.creditSearches.map((s: { kind: string }) => s.kind)).toContain('soft');

    const opened = await auditOf(signer.guid, 'application-opened');
    expect(opened).toHaveLength(1);
    expect(opened[0]!.actor).toBe(`staff:${underwriter.member.id}`);
    expect(JSON.parse(opened[0]!.details!)).toEqual({ customerId: customer.id, address: '203.0.113.7' });
  });

  it('answers an unknown application as not found, and audits nothing', async () => {
    const reader = await createStaffSession(t.ctx, 'compliance');
    const guid = '6f1c2a9e-0d7b-4c55-9a61-2f0e8b3d4c11';
    const res = await get(`${URL_OF.application}?guid=${guid}`, reader.cookie);
    expect(res.json().error).toEqual({ errorID: ErrorId.notFound, errorMessage: `No application ${guid}.` });
    expect(await auditOf(guid, 'application-opened')).toEqual([]);
  });
});

describe('who may make each call (the permission matrix)', () => {
  const guid = '6f1c2a9e-0d7b-4c55-9a61-2f0e8b3d4c11';
  const CALLS = [
    { name: 'underwritingReferrals', send: (c: string) => get(URL_OF.referrals, c) },
    { name: 'underwritingHold', send: (c: string) => post(URL_OF.hold, c, { applicationGuid: guid }) },
    { name: 'underwritingRelease', send: (c: string) => post(URL_OF.release, c, { applicationGuid: guid }) },
    { name: 'underwritingApplication', send: (c: string) => get(`${URL_OF.application}?guid=${guid}`, c) },
    {
      name: 'underwritingDecide',
      send: (c: string) =>
        post(URL_OF.decide, c, { applicationGuid: guid, decision: 'decline', reason: 'A reason' }),
    },
    {
      name: 'underwritingAskForDocument',
      send: (c: string) => post(URL_OF.ask, c, { applicationGuid: guid, document: 'proofOfAddress' }),
    },
  ] as const;

  it("answers 403 to every role without the call's permission, and the call to every role with it", async () => {
    for (const role of STAFF_ROLES) {
      const staff = await createStaffSession(t.ctx, role);
      for (const c of CALLS) {
        const needs = staffPermissionOf(calls[c.name].auth);
        const allowed = needs === 'any' || ROLE_PERMISSIONS[role].includes(needs as Permission);
        const res = await c.send(staff.cookie);
        expect(res.statusCode, `${role} ${c.name}`).toBe(allowed ? 200 : 403);
        if (!allowed) expect(res.json().error.errorID, `${role} ${c.name}`).toBe(ErrorId.forbidden);
      }
    }
    // Underwriters decide; everyone who reads applications may open the workbench.
    expect(ROLE_PERMISSIONS.underwriter).toContain('application:decide');
    expect(STAFF_ROLES.filter((r) => ROLE_PERMISSIONS[r].includes('application:decide'))).toEqual([
      'underwriter',
    ]);
  });

  it('answers 401 to no staff session', async () => {
    for (const c of CALLS) expect((await c.send('')).statusCode, c.name).toBe(401);
  });
});
