import { ErrorId } from '@lender/contract/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS } from '../../entities/audit/actor';
import { totpCode, totpStep } from '../../lib/totp';
import { createTestApp, type TestApp } from '../../test/test-app';
import { staffAccountsStaff } from './staff-accounts-staff';
import { STAFF_LOCK } from './staff-sign-in-service';
import {
  PASSWORD,
  cookieOf,
  newEmail,
  nextCode,
  nowSeconds,
  staffSignIn,
} from './staff-sign-in-test-support';

let t: TestApp;
beforeAll(async () => {
  // This file's failed sign-ins all come from one address: its own test below holds the address limit.
  t = await createTestApp({ LOGIN_FAILURES_PER_ADDRESS: '1000' });
});
afterAll(() => t?.close());

const { login, me, invite, enrolled, memberRow, securityTypes } = staffSignIn(() => t);

describe('StaffAuth/Login', () => {
  it('signs in with e-mail, password and a code, answering Staff/Me and setting the cookie', async () => {
    const m = await enrolled('team-lead');
    const res = await login({ email: m.email.toUpperCase(), password: PASSWORD, code: nextCode(m.secret) });
    expect(res.json().error.errorID).toBe(0);
    const cookie = cookieOf(res);
    expect(res.json().object).toEqual((await me(cookie)).json().object);
    expect(res.json().object).toMatchObject({ staffId: m.staffId, role: 'team-lead' });
    expect(await securityTypes(m.staffId)).toEqual(['staff-enrolled', 'staff-sign-in']);
  });

  it('refuses a wrong password and a wrong code with one refusal that does not say which', async () => {
    const m = await enrolled();
    const wrongPassword = await login({
      email: m.email,
      password: 'Not-The-One-9',
      code: nextCode(m.secret),
    });
    const wrongCode = await login({
      email: m.email,
      password: PASSWORD,
      code: totpCode(m.secret, nowSeconds() + 900),
    });
    const unknown = await login({ email: newEmail('nobody'), password: PASSWORD, code: nextCode(m.secret) });
    for (const res of [wrongPassword, wrongCode, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.json()).toEqual(wrongPassword.json());
    }
    expect(wrongPassword.json().error.errorID).toBe(ErrorId.staffSignInFailed);
  });

  it(`locks the member for 15 minutes after ${STAFF_LOCK.failures} failures within 15 minutes`, async () => {
    const m = await enrolled();
    for (let i = 0; i < STAFF_LOCK.failures; i++) {
      expect(
        (await login({ email: m.email, password: `Wrong-Guess-${i}`, code: nextCode(m.secret) })).json().error
          .errorID,
      ).toBe(ErrorId.staffSignInFailed);
    }
    // The right password and code are refused now, the same way.
    const locked = await login({ email: m.email, password: PASSWORD, code: nextCode(m.secret) });
    expect(locked.json().error.errorID).toBe(ErrorId.staffSignInFailed);
    const row = await memberRow(m.staffId);
    const lockMinutes = (Date.parse(row.locked_until!) - Date.now()) / 60_000;
    expect(lockMinutes).toBeGreaterThan(14);
    expect(lockMinutes).toBeLessThanOrEqual(15);
    expect((await securityTypes(m.staffId)).filter((e) => e === 'staff-locked')).toHaveLength(1);
    // Once the lock has run out, they sign in.
    await t.ctx.db
      .updateTable('staff_members')
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', m.staffId)
      .execute();
    expect(
      (await login({ email: m.email, password: PASSWORD, code: nextCode(m.secret) })).json().error.errorID,
    ).toBe(0);
  });

  it('checks at most 5 passwords of racing guesses, and locks once', async () => {
    const m = await enrolled();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        login({ email: m.email, password: `Racing-Guess-${i}`, code: nextCode(m.secret) }),
      ),
    );
    for (const res of results) expect(res.json().error.errorID).toBe(ErrorId.staffSignInFailed);
    const events = await t.ctx.db
      .selectFrom('security_events')
      .select(['type', 'detail'])
      .where('staff_id', '=', m.staffId)
      .execute();
    const checked = events.filter((e) => e.type === 'staff-sign-in-failed' && e.detail === 'password');
    expect(checked.length).toBeLessThanOrEqual(STAFF_LOCK.failures);
    expect(events.filter((e) => e.type === 'staff-locked')).toHaveLength(1);
    expect((await memberRow(m.staffId)).locked_until).not.toBeNull();
  });

  it('does not lock after 4 failures, and a sign-in starts the count again', async () => {
    const m = await enrolled();
    for (let i = 0; i < STAFF_LOCK.failures - 1; i++) {
      await login({ email: m.email, password: `Wrong-Guess-${i}`, code: nextCode(m.secret) });
    }
    expect(
      (await login({ email: m.email, password: PASSWORD, code: nextCode(m.secret) })).json().error.errorID,
    ).toBe(0);
    expect((await memberRow(m.staffId)).failed_count).toBe(0);
  });

  it('refuses a TOTP code used once already (replay), and one of the step enrolment used', async () => {
    const m = await enrolled();
    // The code the enrolment just used.
    const enrolmentCode = totpCode(m.secret, (await memberRow(m.staffId)).last_totp_step! * 30);
    expect(
      (await login({ email: m.email, password: PASSWORD, code: enrolmentCode })).json().error.errorID,
    ).toBe(ErrorId.staffSignInFailed);
    const at = nowSeconds() + 30;
    const code = totpCode(m.secret, at);
    expect((await login({ email: m.email, password: PASSWORD, code })).json().error.errorID).toBe(0);
    const replay = await login({ email: m.email, password: PASSWORD, code });
    expect(replay.json().error.errorID).toBe(ErrorId.staffSignInFailed);
    expect((await memberRow(m.staffId)).last_totp_step).toBe(totpStep(at));
  });

  it('takes a recovery code in place of a TOTP code, once', async () => {
    const m = await enrolled();
    const [first] = m.recoveryCodes;
    const typed = first!.toLowerCase().replace('-', ' ');
    expect((await login({ email: m.email, password: PASSWORD, code: typed })).json().error.errorID).toBe(0);
    expect((await login({ email: m.email, password: PASSWORD, code: first! })).json().error.errorID).toBe(
      ErrorId.staffSignInFailed,
    );
    // With a wrong password a recovery code is not even looked at: it stays usable.
    const second = m.recoveryCodes[1]!;
    await login({ email: m.email, password: 'Not-The-One-9', code: second });
    expect((await login({ email: m.email, password: PASSWORD, code: second })).json().error.errorID).toBe(0);
    const used = await t.ctx.db
      .selectFrom('staff_recovery_codes')
      .select('used_at')
      .where('staff_id', '=', m.staffId)
      .where('used_at', 'is not', null)
      .execute();
    expect(used).toHaveLength(2);
  });

  it('refuses a caller address past its failed sign-ins with HTTP 429, before any check', async () => {
    const strict = await createTestApp({ LOGIN_FAILURES_PER_ADDRESS: '3' });
    try {
      const from = (body: object, remoteAddress = '198.51.100.9') =>
        strict.app.inject({
          method: 'POST',
          url: '/api/staff/StaffAuth/Login',
          payload: body,
          remoteAddress,
        });
      const guess = (i: number) => ({ email: newEmail(`guess${i}`), password: PASSWORD, code: '123456' });
      for (const i of [1, 2, 3])
        expect((await from(guess(i))).json().error.errorID).toBe(ErrorId.staffSignInFailed);
      const refused = await from(guess(4));
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
      expect(refused.json().error.errorID).toBe(ErrorId.tooManyRequests);
      // Another address is not held back.
      expect((await from(guess(5), '198.51.100.10')).json().error.errorID).toBe(ErrorId.staffSignInFailed);
    } finally {
      await strict.close();
    }
  });

  it('refuses a member not yet enrolled', async () => {
    const invited = await invite('agent');
    const res = await login({ email: invited.email, password: PASSWORD, code: '123456' });
    expect(res.json().error.errorID).toBe(ErrorId.staffSignInFailed);
  });

  it('refuses a disabled member, whose sessions ended when they were disabled', async () => {
    const m = await enrolled();
    expect((await me(m.cookie)).statusCode).toBe(200);
    const disabled = await staffAccountsStaff(t.ctx).disable(m.email, OPS);
    expect(disabled.ok).toBe(true);
    expect((await me(m.cookie)).statusCode).toBe(401);
    const sessions = await t.ctx.db
      .selectFrom('staff_sessions')
      .select('ended_at')
      .where('staff_id', '=', m.staffId)
      .execute();
    expect(sessions.every((s) => s.ended_at !== null)).toBe(true);
    const res = await login({ email: m.email, password: PASSWORD, code: nextCode(m.secret) });
    expect(res.json().error.errorID).toBe(ErrorId.staffSignInFailed);
  });
});
