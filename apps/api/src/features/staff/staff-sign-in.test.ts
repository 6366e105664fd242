import { calls, callPath, isStaffCall, type CallDef, type CallName } from '@lender/contract/api-calls';
import { ErrorId } from '@lender/contract/envelope';
import { ROLE_PERMISSIONS, type StaffRole } from '@lender/contract/staff-permissions';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS } from '../../entities/audit/actor';
import { STAFF_SESSION_IDLE_MS } from '../../entities/staff/staff-sessions';
import { decrypt, sha256 } from '../../lib/secrets';
import { totpCode, totpStep } from '../../lib/totp';
import { createSession } from '../../test/factories';
import { exampleFor } from '../../test/quality/examples';
import { createTestApp, type TestApp } from '../../test/test-app';
import { staffAccountsStaff } from './staff-accounts-staff';
import { STAFF_LOCK } from './staff-sign-in-service';

let t: TestApp;
beforeAll(async () => {
  // This file's failed sign-ins all come from one address: its own test below holds the address limit.
  t = await createTestApp({ LOGIN_FAILURES_PER_ADDRESS: '1000' });
});
afterAll(() => t?.close());

const PASSWORD = 'Kestrel-Staff-42';
const nowSeconds = () => Date.now() / 1000;
/** A code of the next 30-second step: later than the one the enrolment (or a sign-in) used now. */
const nextCode = (secret: string) => totpCode(secret, nowSeconds() + 30);

const inject = (
  method: 'GET' | 'POST',
  url: string,
  opts: { body?: unknown; cookie?: string; authorization?: string } = {},
) =>
  t.app.inject({
    method,
    url,
    headers: {
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.authorization ? { authorization: opts.authorization } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(opts.body !== undefined ? { payload: JSON.stringify(opts.body) } : {}),
  });

const invitation = (token: string) =>
  inject('GET', `/api/staff/StaffAuth/Invitation?token=${encodeURIComponent(token)}`);
const accept = (body: { token: string; password: string; code: string }) =>
  inject('POST', '/api/staff/StaffAuth/AcceptInvitation', { body });
const login = (body: { email: string; password: string; code: string }) =>
  inject('POST', '/api/staff/StaffAuth/Login', { body });
const me = (cookie: string) => inject('GET', '/api/staff/Staff/Me', { cookie });

/** The `staff_session=<token>` pair of a Set-Cookie header, as the browser sends it back. */
const cookieOf = (res: { headers: Record<string, unknown> }) => {
  const header = String(res.headers['set-cookie'] ?? '');
  expect(header).toMatch(
    /^staff_session=[\w-]+; Path=\/api\/staff; HttpOnly; SameSite=Strict; Max-Age=36000/,
  );
  return header.split(';')[0]!;
};

const newEmail = (what: string) => `${what}.${randomBytes(4).toString('hex')}@kestrel.example`;

/** `ops staff add` as its service: the member, and the link's token read from the e-mail the outbox sends. */
async function invite(role: StaffRole, email = newEmail(role)) {
  const added = await staffAccountsStaff(t.ctx).add(email, role, 'Jo Staff', OPS);
  if (!added.ok) throw new Error(added.message);
  const row = await t.ctx.db
    .selectFrom('outbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const { text } = t.ctx.outbox.revealForDevelopers(row);
  const link = /\/staff\/invite\/([\w-]+)/.exec(text);
  expect(link, text).not.toBeNull();
  return { email, staffId: added.value.member.id, token: link![1]!, row, text };
}

/** A member who accepted their invitation through the API: the secret they enrolled, their cookie and codes. */
async function enrolled(role: StaffRole = 'agent') {
  const invited = await invite(role);
  const shown = (await invitation(invited.token)).json().object as { secretBase32: string };
  const res = await accept({
    token: invited.token,
    password: PASSWORD,
    code: totpCode(shown.secretBase32, nowSeconds()),
  });
  expect(res.json().error.errorID).toBe(0);
  return {
    ...invited,
    secret: shown.secretBase32,
    cookie: cookieOf(res),
    recoveryCodes: res.json().object.recoveryCodes as string[],
  };
}

const memberRow = (staffId: number) =>
  t.ctx.db.selectFrom('staff_members').selectAll().where('id', '=', staffId).executeTakeFirstOrThrow();
const securityTypes = async (staffId: number) =>
  (
    await t.ctx.db
      .selectFrom('security_events')
      .select(['type', 'detail'])
      .where('staff_id', '=', staffId)
      .orderBy('id')
      .execute()
  ).map((e) => e.type);

describe('the invitation, end to end', () => {
  it('goes from ops to the e-mail, shows the secret, enrols with a code from it, and the cookie opens Staff/Me', async () => {
    const invited = await invite('underwriter');
    // The e-mail carries the link to the console's page; the stored copy does not hold the token.
    expect(invited.text).toContain(`${t.ctx.config.PUBLIC_URL}/staff/invite/${invited.token}`);
    expect(invited.row.text).not.toContain(invited.token);
    expect(invited.row.html ?? '').not.toContain(invited.token);

    const opened = await invitation(invited.token);
    expect(opened.statusCode).toBe(200);
    const shown = opened.json().object;
    expect(shown).toMatchObject({ email: invited.email, displayName: 'Jo Staff', role: 'underwriter' });
    expect(shown.secretBase32).toMatch(/^[A-Z2-7]{32}$/);
    expect(shown.otpauthUri).toBe(
      `otpauth://totp/${encodeURIComponent(`Kestrel Loans staff:${invited.email}`)}?secret=${shown.secretBase32}` +
        '&issuer=Kestrel%20Loans%20staff&algorithm=SHA1&digits=6&period=30',
    );
    expect(shown.qrSvg).toMatch(/^<svg [^>]*>.*<\/svg>$/s);
    expect(shown.qrSvg).not.toMatch(/<script|href|on\w+=/i);
    // A reload shows the same secret.
    expect((await invitation(invited.token)).json().object.secretBase32).toBe(shown.secretBase32);

    const res = await accept({
      token: invited.token,
      password: PASSWORD,
      code: totpCode(shown.secretBase32, nowSeconds()),
    });
    expect(res.statusCode).toBe(200);
    const { recoveryCodes } = res.json().object as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);

    const who = await me(cookieOf(res));
    expect(who.statusCode).toBe(200);
    expect(who.json().object).toMatchObject({
      staffId: invited.staffId,
      username: invited.email,
      email: invited.email,
      displayName: 'Jo Staff',
      role: 'underwriter',
      permissions: ROLE_PERMISSIONS.underwriter,
    });
    expect(await securityTypes(invited.staffId)).toEqual(['staff-enrolled']);
  });

  it('keeps nothing sensitive in clear: the secret sealed, the password argon2id, codes and token hashed', async () => {
    const m = await enrolled();
    const row = await memberRow(m.staffId);
    expect(row.totp_secret_sealed).not.toContain(m.secret);
    expect(decrypt(row.totp_secret_sealed!, t.ctx.config.DATA_KEY)).toBe(m.secret);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
    const codes = await t.ctx.db
      .selectFrom('staff_recovery_codes')
      .selectAll()
      .where('staff_id', '=', m.staffId)
      .execute();
    expect(codes.map((c) => c.code_hash).sort()).toEqual(
      m.recoveryCodes.map((c) => sha256(c.replace('-', ''))).sort(),
    );
    const invitations = await t.ctx.db
      .selectFrom('staff_invitations')
      .selectAll()
      .where('staff_id', '=', m.staffId)
      .execute();
    expect(invitations.map((i) => i.token_hash)).toEqual([sha256(m.token)]);
    const stored = JSON.stringify({ row, codes, invitations });
    for (const secret of [
      m.secret,
      PASSWORD,
      m.token,
      ...m.recoveryCodes,
      ...m.recoveryCodes.map((c) => c.replace('-', '')),
    ]) {
      expect(stored).not.toContain(secret);
    }
  });

  it('works once', async () => {
    const m = await enrolled();
    const again = await invitation(m.token);
    expect(again.json().error.errorID).toBe(ErrorId.staffInvitationClosed);
    expect(again.json().object).toBeNull();
    const reuse = await accept({ token: m.token, password: 'Another-Pass-7', code: nextCode(m.secret) });
    expect(reuse.json().error.errorID).toBe(ErrorId.staffInvitationClosed);
    expect(reuse.headers['set-cookie']).toBeUndefined();
    // The password stayed the first one.
    expect(
      (await login({ email: m.email, password: PASSWORD, code: nextCode(m.secret) })).json().error.errorID,
    ).toBe(0);
  });

  it('works for 24 hours', async () => {
    const invited = await invite('collections');
    const row = await t.ctx.db
      .selectFrom('staff_invitations')
      .selectAll()
      .where('staff_id', '=', invited.staffId)
      .executeTakeFirstOrThrow();
    const hours = (Date.parse(row.expires_at) - Date.parse(row.created_at)) / 3_600_000;
    expect(hours).toBe(24);
    expect((await invitation(invited.token)).json().error.errorID).toBe(0);
    await t.ctx.db
      .updateTable('staff_invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', row.id)
      .execute();
    expect((await invitation(invited.token)).json().error.errorID).toBe(ErrorId.staffInvitationClosed);
    const late = await accept({ token: invited.token, password: PASSWORD, code: '123456' });
    expect(late.json().error.errorID).toBe(ErrorId.staffInvitationClosed);
    expect((await memberRow(invited.staffId)).password_hash).toBeNull();
  });

  it('refuses an unknown token, a wrong code and a common password, storing nothing', async () => {
    expect((await invitation('A'.repeat(43))).json().error).toEqual({
      errorID: ErrorId.staffInvitationClosed,
      errorMessage: expect.stringContaining('Ask an administrator for a new one.'),
    });
    const invited = await invite('complaints');
    const secret = (await invitation(invited.token)).json().object.secretBase32 as string;
    const wrongCode = await accept({
      token: invited.token,
      password: PASSWORD,
      code: totpCode(secret, nowSeconds() + 600),
    });
    expect(wrongCode.json().error.errorID).toBe(ErrorId.staffEnrolmentCodeWrong);
    const common = await accept({
      token: invited.token,
      password: 'Password1',
      code: totpCode(secret, nowSeconds()),
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().object.fields.password).toMatch(/too easy to guess/);
    const weak = await accept({
      token: invited.token,
      password: 'short',
      code: totpCode(secret, nowSeconds()),
    });
    expect(weak.statusCode).toBe(400);
    const row = await memberRow(invited.staffId);
    expect([row.password_hash, row.totp_secret_sealed, row.enrolled_at]).toEqual([null, null, null]);
    // The invitation still works.
    expect(
      (
        await accept({ token: invited.token, password: PASSWORD, code: totpCode(secret, nowSeconds()) })
      ).json().error.errorID,
    ).toBe(0);
  });
});

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

describe('a signed-in session', () => {
  it('ends by StaffAuth/Logout, which clears the cookie', async () => {
    const m = await enrolled();
    const out = await inject('POST', '/api/staff/StaffAuth/Logout', { cookie: m.cookie });
    expect(out.json()).toEqual({ error: { errorID: 0, errorMessage: '' }, object: null });
    expect(String(out.headers['set-cookie'])).toMatch(
      /^staff_session=; Path=\/api\/staff; HttpOnly; SameSite=Strict; Max-Age=0/,
    );
    expect((await me(m.cookie)).statusCode).toBe(401);
    expect((await inject('POST', '/api/staff/StaffAuth/Logout', { cookie: m.cookie })).statusCode).toBe(401);
  });

  it('ends after 15 minutes idle and 10 hours after sign-in', async () => {
    const m = await enrolled();
    const sessionOf = async () =>
      await t.ctx.db
        .selectFrom('staff_sessions')
        .select(['id', 'created_at', 'expires_at'])
        .where('staff_id', '=', m.staffId)
        .executeTakeFirstOrThrow();
    const s = await sessionOf();
    expect(Date.parse(s.expires_at) - Date.parse(s.created_at)).toBe(10 * 3_600_000);
    await t.ctx.db
      .updateTable('staff_sessions')
      .set({ last_seen_at: new Date(Date.now() - STAFF_SESSION_IDLE_MS - 1000).toISOString() })
      .where('id', '=', s.id)
      .execute();
    expect((await me(m.cookie)).statusCode).toBe(401);

    const signedIn = cookieOf(await login({ email: m.email, password: PASSWORD, code: nextCode(m.secret) }));
    await t.ctx.db
      .updateTable('staff_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString(), last_seen_at: new Date().toISOString() })
      .where('staff_id', '=', m.staffId)
      .execute();
    expect((await me(signedIn)).statusCode).toBe(401);
  });
});

describe("a customer's bearer token on the staff API", () => {
  it('gets 401 on every call that needs a staff session, and opens nothing on the public ones', async () => {
    const customer = await createSession(t.ctx);
    const staffCalls = (Object.keys(calls) as CallName[]).filter((n) => isStaffCall(calls[n] as CallDef));
    expect(staffCalls).toEqual(
      expect.arrayContaining(['staffMe', 'staffLogin', 'staffLogout', 'staffInvitation']),
    );
    for (const name of staffCalls) {
      const def: CallDef = calls[name];
      expect(callPath(def), name).toMatch(/^\/api\/staff\//);
      const example = exampleFor(name) ?? {};
      const url = example.query ? `${callPath(def)}?${new URLSearchParams(example.query)}` : callPath(def);
      const res = await inject(def.method, url, {
        authorization: customer.authorization,
        body: example.body,
      });
      if (typeof def.auth === 'object') {
        expect(res.statusCode, name).toBe(401);
        expect(res.json().error.errorID, name).toBe(ErrorId.unauthorized);
      } else {
        expect(res.json().error.errorID, name).not.toBe(0);
        expect(res.headers['set-cookie'], name).toBeUndefined();
      }
    }
  });
});
