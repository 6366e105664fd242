import { ErrorId } from '@lender/contract/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS } from '../../entities/audit/actor';
import { sha256 } from '../../lib/secrets';
import { createTestApp, type TestApp } from '../../test/test-app';
import { INVITATION_CODE_TRIES, invitationCodeHash } from './invitation-code';
import { staffAccountsStaff } from './staff-accounts-staff';
import { PASSWORD, newEmail, staffSignIn } from './staff-sign-in-test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const { inject, invitation, withCode, accept, invite, enrolledWith, memberRow } = staffSignIn(() => t);

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
