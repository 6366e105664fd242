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
import { INVITATION_CODE_TRIES, invitationCodeHash } from './invitation-code';
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

/** The link alone: whether it is open, nothing more. */
const invitation = (token: string) =>
  inject('GET', `/api/staff/StaffAuth/Invitation?token=${encodeURIComponent(token)}`);
/** The link and the invitation code the admin gave: who is invited, and the secret. */
const withCode = (token: string, invitationCode: string) =>
  inject('POST', '/api/staff/StaffAuth/InvitationCode', { body: { token, invitationCode } });
const accept = (body: { token: string; invitationCode: string; password: string; code: string }) =>
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

/**
 * `ops staff add` as its service: the member, the link's token read from the e-mail the outbox sends,
 * and the invitation code the admin was shown (and would give by phone).
 */
async function invite(role: StaffRole, email = newEmail(role)) {
  const added = await staffAccountsStaff(t.ctx).add(email, role, 'Jo Staff', OPS);
  if (!added.ok) throw new Error(added.message);
  const { invitationCode } = added.value;
  const row = await t.ctx.db
    .selectFrom('outbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const { text } = t.ctx.outbox.revealForDevelopers(row);
  const link = /\/staff\/invite\/([\w-]+)/.exec(text);
  expect(link, text).not.toBeNull();
  return { email, staffId: added.value.member.id, token: link![1]!, invitationCode, row, text };
}

/** A member who accepted their invitation through the API: the secret they enrolled, their cookie and codes. */
async function enrolled(role: StaffRole = 'agent') {
  return enrolledWith(await invite(role));
}

/** Accepts an invitation with its link and code, as the invitation page does. */
async function enrolledWith(invited: Awaited<ReturnType<typeof invite>>) {
  const shown = (await withCode(invited.token, invited.invitationCode)).json().object as {
    secretBase32: string;
  };
  const res = await accept({
    token: invited.token,
    invitationCode: invited.invitationCode,
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

describe('the invitation code (docs/decisions/071)', () => {
  const invitationRow = (staffId: number) =>
    t.ctx.db
      .selectFrom('staff_invitations')
      .selectAll()
      .where('staff_id', '=', staffId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  const auditActions = async (staffId: number) =>
    (
      await t.ctx.db
        .selectFrom('audit_events')
        .select(['actor', 'action', 'details'])
        .where('subject_type', '=', 'staff')
        .where('subject_id', '=', String(staffId))
        .orderBy('id')
        .execute()
    ).map((e) => ({ actor: e.actor, action: e.action, details: e.details && JSON.parse(e.details) }));
  /** A well-formed code that is not the invitation's. */
  const wrongOf = (code: string) => (code.startsWith('2222') ? '3333-3333' : '2222-2222');

  it('is 8 characters of the unambiguous alphabet, a new one each invitation', async () => {
    const codes = await Promise.all([1, 2, 3].map(async () => (await invite('agent')).invitationCode));
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(new Set(codes).size).toBe(3);
  });

  it('the link without the code shows no secret, makes none, and enrols nobody', async () => {
    const invited = await invite('admin');
    const state = await invitation(invited.token);
    const body = JSON.stringify(state.json());
    expect(Object.keys(state.json().object).sort()).toEqual(['codeTriesLeft', 'expiresAt']);
    for (const word of [invited.email, 'Jo Staff', 'admin', 'otpauth', 'secret', '<svg']) {
      expect(body).not.toContain(word);
    }
    // No secret was even made for the invitation.
    expect((await invitationRow(invited.staffId)).pending_totp_secret_sealed).toBeNull();

    // AcceptInvitation without the code is refused as a request; with a wrong one, as a wrong code.
    const noCode = await inject('POST', '/api/staff/StaffAuth/AcceptInvitation', {
      body: { token: invited.token, password: PASSWORD, code: '123456' },
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().object.fields.invitationCode).toMatch(/invitation code your administrator gave you/);
    const guessed = await accept({
      token: invited.token,
      invitationCode: wrongOf(invited.invitationCode),
      password: PASSWORD,
      code: '123456',
    });
    expect(guessed.json().error.errorID).toBe(ErrorId.staffInvitationCodeWrong);
    expect(guessed.json().object).toBeNull();
    expect(guessed.headers['set-cookie']).toBeUndefined();
    const row = await memberRow(invited.staffId);
    expect([row.password_hash, row.totp_secret_sealed, row.enrolled_at]).toEqual([null, null, null]);
    expect((await invitationRow(invited.staffId)).pending_totp_secret_sealed).toBeNull();
  });

  it('counts each wrong code, audited; the fifth voids the invitation and then the right code is refused', async () => {
    const invited = await invite('underwriter');
    const wrong = wrongOf(invited.invitationCode);
    for (let i = 1; i < INVITATION_CODE_TRIES; i++) {
      const res = await withCode(invited.token, wrong);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        error: {
          errorID: ErrorId.staffInvitationCodeWrong,
          errorMessage: `That invitation code is not right. Please check it with your administrator; ${
            INVITATION_CODE_TRIES - i === 1
              ? '1 more wrong try'
              : `${INVITATION_CODE_TRIES - i} more wrong tries`
          } will stop this invitation.`,
        },
        object: null,
      });
      expect((await invitation(invited.token)).json().object.codeTriesLeft).toBe(INVITATION_CODE_TRIES - i);
    }
    // The fifth wrong code (here at AcceptInvitation: it counts there too) voids it.
    const fifth = await accept({
      token: invited.token,
      invitationCode: wrong,
      password: PASSWORD,
      code: '1',
    });
    expect(fifth.json().error).toEqual({
      errorID: ErrorId.staffInvitationVoid,
      errorMessage: expect.stringContaining('ask your administrator to invite you again'),
    });
    const row = await invitationRow(invited.staffId);
    expect(row.code_failures).toBe(INVITATION_CODE_TRIES);
    expect(row.voided_at).not.toBeNull();

    // Void now: the right code opens nothing, and no more tries are counted.
    for (const res of [
      await withCode(invited.token, invited.invitationCode),
      await invitation(invited.token),
      await accept({
        token: invited.token,
        invitationCode: invited.invitationCode,
        password: PASSWORD,
        code: '123456',
      }),
    ]) {
      expect(res.json().error.errorID).toBe(ErrorId.staffInvitationVoid);
      expect(res.json().object).toBeNull();
    }
    expect((await invitationRow(invited.staffId)).code_failures).toBe(INVITATION_CODE_TRIES);
    expect((await invitationRow(invited.staffId)).pending_totp_secret_sealed).toBeNull();
    expect((await memberRow(invited.staffId)).enrolled_at).toBeNull();

    // Each wrong try in the audit (no code in it), and the void; and each a security event.
    const audit = (await auditActions(invited.staffId)).filter((e) => e.actor === 'system:staff-invitation');
    expect(audit.map((e) => [e.action, e.details.failures, e.details.triesLeft])).toEqual([
      ['staff-invitation-code-wrong', 1, 4],
      ['staff-invitation-code-wrong', 2, 3],
      ['staff-invitation-code-wrong', 3, 2],
      ['staff-invitation-code-wrong', 4, 1],
      ['staff-invitation-code-wrong', 5, 0],
      ['staff-invitation-void', 5, undefined],
    ]);
    for (const e of audit) expect(e.details.address).toEqual(expect.any(String));
    expect(JSON.stringify(audit)).not.toContain(invited.invitationCode);
    expect(JSON.stringify(audit)).not.toContain(invited.invitationCode.replace('-', ''));
    const events = await t.ctx.db
      .selectFrom('security_events')
      .select(['type', 'detail'])
      .where('staff_id', '=', invited.staffId)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.detail)).toEqual([
      ...Array.from({ length: INVITATION_CODE_TRIES - 1 }, () => 'invitation code'),
      'invitation code, invitation void',
    ]);
  });

  it('compares at most 5 racing wrong codes, and voids once', async () => {
    const invited = await invite('agent');
    const wrong = wrongOf(invited.invitationCode);
    const results = await Promise.all(Array.from({ length: 12 }, () => withCode(invited.token, wrong)));
    const ids = results.map((r) => r.json().error.errorID as number);
    expect(
      ids.every((id) => id === ErrorId.staffInvitationCodeWrong || id === ErrorId.staffInvitationVoid),
    ).toBe(true);
    const audit = await auditActions(invited.staffId);
    expect(audit.filter((e) => e.action === 'staff-invitation-code-wrong')).toHaveLength(
      INVITATION_CODE_TRIES,
    );
    expect(audit.filter((e) => e.action === 'staff-invitation-void')).toHaveLength(1);
    expect((await withCode(invited.token, invited.invitationCode)).json().error.errorID).toBe(
      ErrorId.staffInvitationVoid,
    );
  });

  it('takes the right code in any case, with or without the dash; a right code does not count', async () => {
    const invited = await invite('collections');
    const wrong = await withCode(invited.token, wrongOf(invited.invitationCode));
    expect(wrong.json().error.errorID).toBe(ErrorId.staffInvitationCodeWrong);
    const typed = ` ${invited.invitationCode.replace('-', '').toLowerCase().replace(/(..)/, '$1 ')} `;
    const opened = await withCode(invited.token, typed);
    expect(opened.json().error.errorID).toBe(0);
    expect(opened.json().object).toMatchObject({ email: invited.email, role: 'collections' });
    expect((await invitationRow(invited.staffId)).code_failures).toBe(1);
    expect((await invitation(invited.token)).json().object.codeTriesLeft).toBe(INVITATION_CODE_TRIES - 1);
    // A code that can never be right (a letter outside the alphabet, too short) is refused as a field: no try.
    for (const bad of ['K7PM-4XQ', 'K7PM-4XQO', 'K7PM-4XQ1', '']) {
      const res = await withCode(invited.token, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().object.fields.invitationCode).toBe(
        'Please enter the invitation code your administrator gave you: 8 letters and digits, like K7PM-4XQR.',
      );
    }
    expect((await invitationRow(invited.staffId)).code_failures).toBe(1);
  });

  it('is kept only as a keyed hash, and is in no e-mail', async () => {
    const invited = await invite('team-lead');
    const { invitationCode } = invited;
    const plain = invitationCode.replace('-', '');
    const row = await invitationRow(invited.staffId);
    expect(row.code_hash).toBe(
      invitationCodeHash(invitationCode, sha256(invited.token), t.ctx.config.DATA_KEY),
    );
    expect(row.code_hash).not.toBe(sha256(invitationCode));
    expect(row.code_hash).not.toBe(sha256(plain));
    // The e-mail, stored and as sent, says the administrator gives the code, and does not hold it.
    const sent = t.ctx.outbox.revealForDevelopers(invited.row);
    for (const text of [invited.row.text, invited.row.html ?? '', sent.text, sent.html ?? '']) {
      expect(text).not.toContain(invitationCode);
      expect(text).not.toContain(plain);
    }
    expect(sent.text).toContain('You will also need the invitation code your administrator gives you');
    // Nowhere in the member's rows, the invitation's, the audit or the security events, in clear.
    const m = await enrolledWith(invited);
    const stored = JSON.stringify({
      member: await memberRow(m.staffId),
      invitations: await t.ctx.db.selectFrom('staff_invitations').selectAll().execute(),
      audit: await t.ctx.db.selectFrom('audit_events').selectAll().execute(),
      security: await t.ctx.db.selectFrom('security_events').selectAll().execute(),
      outbox: await t.ctx.db.selectFrom('outbox').selectAll().execute(),
    });
    expect(stored).not.toContain(invitationCode);
    expect(stored).not.toContain(plain);
  });

  it('is given anew when the admin invites again: the old link and code stop working', async () => {
    const first = await invite('agent');
    const again = await staffAccountsStaff(t.ctx).reinvite(first.email, OPS);
    if (!again.ok) throw new Error(again.message);
    expect(again.value.invitationCode).not.toBe(first.invitationCode);
    expect((await withCode(first.token, first.invitationCode)).json().error.errorID).toBe(
      ErrorId.staffInvitationClosed,
    );
    const row = await t.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', first.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = /\/staff\/invite\/([\w-]+)/.exec(t.ctx.outbox.revealForDevelopers(row).text)![1]!;
    expect(token).not.toBe(first.token);
    // The old code with the new link is a wrong code; the new code opens it.
    expect((await withCode(token, first.invitationCode)).json().error.errorID).toBe(
      ErrorId.staffInvitationCodeWrong,
    );
    const m = await enrolledWith({ ...first, token, invitationCode: again.value.invitationCode });
    expect(m.recoveryCodes).toHaveLength(10);
    // An enrolled member is not invited again; nor one unknown or disabled.
    const enrolledAgain = await staffAccountsStaff(t.ctx).reinvite(first.email, OPS);
    expect(enrolledAgain).toMatchObject({
      ok: false,
      message: expect.stringMatching(/set up their account/),
    });
    expect(await staffAccountsStaff(t.ctx).reinvite(newEmail('nobody'), OPS)).toMatchObject({ ok: false });
    const audit = await auditActions(first.staffId);
    expect(audit.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        'staff-invited',
        'staff-reinvited',
        'staff-invitation-code-right',
        'staff-enrolled',
      ]),
    );
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
