import { calls, callPath, isStaffCall, type CallDef, type CallName } from '@lender/contract/api-calls';
import { ErrorId } from '@lender/contract/envelope';
import { ROLE_PERMISSIONS } from '@lender/contract/staff-permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_SESSION_IDLE_MS } from '../../entities/staff/staff-sessions';
import { decrypt, sha256 } from '../../lib/secrets';
import { totpCode } from '../../lib/totp';
import { createSession } from '../../test/factories';
import { exampleFor } from '../../test/quality/examples';
import { createTestApp, type TestApp } from '../../test/test-app';
import { INVITATION_CODE_TRIES } from './invitation-code';
import { PASSWORD, cookieOf, nextCode, nowSeconds, staffSignIn } from './staff-sign-in-test-support';

// The invitation code: staff-invitation-code.test.ts; signing in: staff-login.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const { inject, invitation, withCode, accept, login, me, invite, enrolled, memberRow, securityTypes } =
  staffSignIn(() => t);

describe('the invitation, end to end', () => {
  it('goes from ops to the e-mail, shows the secret, enrols with a code from it, and the cookie opens Staff/Me', async () => {
    const invited = await invite('underwriter');
    // The e-mail carries the link to the console's page; the stored copy does not hold the token.
    expect(invited.text).toContain(`${t.ctx.config.PUBLIC_URL}/staff/invite/${invited.token}`);
    expect(invited.row.text).not.toContain(invited.token);
    expect(invited.row.html ?? '').not.toContain(invited.token);

    // The link alone: open, 5 tries, and nothing of who is invited.
    const state = await invitation(invited.token);
    expect(state.json()).toEqual({
      error: { errorID: 0, errorMessage: '' },
      object: { expiresAt: expect.any(String), codeTriesLeft: INVITATION_CODE_TRIES },
    });
    const opened = await withCode(invited.token, invited.invitationCode);
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
    // A reload (the code typed again) shows the same secret.
    expect((await withCode(invited.token, invited.invitationCode)).json().object.secretBase32).toBe(
      shown.secretBase32,
    );

    const res = await accept({
      token: invited.token,
      invitationCode: invited.invitationCode,
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
    expect((await withCode(m.token, m.invitationCode)).json().error.errorID).toBe(
      ErrorId.staffInvitationClosed,
    );
    const reuse = await accept({
      token: m.token,
      invitationCode: m.invitationCode,
      password: 'Another-Pass-7',
      code: nextCode(m.secret),
    });
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
    expect((await withCode(invited.token, invited.invitationCode)).json().error.errorID).toBe(
      ErrorId.staffInvitationClosed,
    );
    const late = await accept({
      token: invited.token,
      invitationCode: invited.invitationCode,
      password: PASSWORD,
      code: '123456',
    });
    expect(late.json().error.errorID).toBe(ErrorId.staffInvitationClosed);
    expect((await memberRow(invited.staffId)).password_hash).toBeNull();
  });

  it('refuses an unknown token, a wrong code and a common password, storing nothing', async () => {
    expect((await invitation('A'.repeat(43))).json().error).toEqual({
      errorID: ErrorId.staffInvitationClosed,
      errorMessage: expect.stringContaining('Ask an administrator for a new one.'),
    });
    const invited = await invite('complaints');
    const { invitationCode } = invited;
    const secret = (await withCode(invited.token, invitationCode)).json().object.secretBase32 as string;
    const wrongCode = await accept({
      token: invited.token,
      invitationCode,
      password: PASSWORD,
      code: totpCode(secret, nowSeconds() + 600),
    });
    expect(wrongCode.json().error.errorID).toBe(ErrorId.staffEnrolmentCodeWrong);
    const common = await accept({
      token: invited.token,
      invitationCode,
      password: 'Password1',
      code: totpCode(secret, nowSeconds()),
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().object.fields.password).toMatch(/too easy to guess/);
    const weak = await accept({
      token: invited.token,
      invitationCode,
      password: 'short',
      code: totpCode(secret, nowSeconds()),
    });
    expect(weak.statusCode).toBe(400);
    const row = await memberRow(invited.staffId);
    expect([row.password_hash, row.totp_secret_sealed, row.enrolled_at]).toEqual([null, null, null]);
    // The invitation still works.
    expect(
      (
        await accept({
          token: invited.token,
          invitationCode,
          password: PASSWORD,
          code: totpCode(secret, nowSeconds()),
        })
      ).json().error.errorID,
    ).toBe(0);
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
