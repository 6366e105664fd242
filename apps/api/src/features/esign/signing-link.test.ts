import { ErrorId } from '@lender/contract/error-ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplicant } from '../../test/factories';
import {
  esignGet,
  esignPost,
  linkOf,
  signerAt,
  signingLinkSentTo,
  smsCodeSentTo,
  stage5Payload,
} from '../../test/esign-journey';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const errorOf = (res: { json(): { error: { errorID: number } } }) => res.json().error.errorID;
const outboxCount = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const stranger = { 'x-signing-token': '' };
const esignLink = (authorization: string) =>
  t.app.inject({ method: 'POST', url: '/api/Register/EsignLink', headers: { authorization } });

describe('the signing link is a secret of its own; the guid is not one (issue 26, 4)', () => {
  it('shows nothing personal to the holder of the guid alone, or of a made-up token', async () => {
    const signer = await signerAt(t, { firstName: 'Perdita', lastName: 'Quennell' });
    for (const headers of [stranger, { 'x-signing-token': 'A'.repeat(43) }]) {
      const res = await esignGet(t, 'GetEsign', { guid: signer.guid }, headers);
      expect(res.json()).toEqual({
        error: { errorID: ErrorId.signingLinkNeeded, errorMessage: expect.any(String) },
        object: null,
      });
      expect(res.body).not.toMatch(/Perdita|Quennell|@/);
      const status = await esignGet(t, 'GetEmailVerificationLinkStatus', { guid: signer.guid }, headers);
      expect(errorOf(status)).toBe(ErrorId.signingLinkNeeded);
    }
    const opened = await esignGet(t, 'GetEsign', { guid: signer.guid }, linkOf(signer));
    expect(errorOf(opened)).toBe(0);
    expect(opened.body).toContain('Quennell');
  });

  it('sends nothing and spends no code try for the holder of the guid alone', async () => {
    const signer = await signerAt(t);
    const before = await outboxCount();
    for (const action of ['SendVerificationSMS', 'SendVerificationAndUniqueUrlEmail']) {
      expect(errorOf(await esignPost(t, action, signer.guid, stranger))).toBe(ErrorId.signingLinkNeeded);
    }
    expect(await outboxCount()).toBe(before);
    const code = await smsCodeSentTo(t, signer.mobile);
    const guess = await esignPost(t, 'SubmitStage5', stage5Payload(signer.guid, code), stranger);
    expect(errorOf(guess)).toBe(ErrorId.signingLinkNeeded);
    const sms = await t.ctx.db
      .selectFrom('esign_codes')
      .innerJoin('applications', 'applications.id', 'esign_codes.application_id')
      .select('tries')
      .where('applications.guid', '=', signer.guid)
      .where('channel', '=', 'sms')
      .executeTakeFirstOrThrow();
    expect(sms.tries).toBe(0);
    const events = await t.ctx.security.since('2000-01-01T00:00:00.000Z');
    expect(events.filter((e) => e.type === 'esign-link-refused').length).toBeGreaterThanOrEqual(3);
  });

  it('stores only the hash of the link, and the outbox keeps it sealed', async () => {
    const signer = await signerAt(t);
    const links = await t.ctx.db.selectFrom('esign_links').select('token_hash').execute();
    expect(JSON.stringify(links)).not.toContain(signer.signingToken);
    const stored = await t.ctx.db.selectFrom('outbox').select(['text', 'html']).execute();
    expect(JSON.stringify(stored)).not.toContain(signer.signingToken);
  });

  it('a new e-mail replaces the earlier e-mailed link, except in the browser that asked for it', async () => {
    const signer = await signerAt(t);
    const first = { signingToken: signer.signingToken };
    // Past the resend cooldown.
    const coolDown = () =>
      t.ctx.db.updateTable('esign_codes').set({ created_at: '2000-01-01T00:00:00.000Z' }).execute();
    await coolDown();
    const asked = await esignPost(t, 'SendVerificationAndUniqueUrlEmail', signer.guid, linkOf(signer));
    expect(errorOf(asked)).toBe(0);
    const fresh = await signingLinkSentTo(t, signer.email);
    expect(fresh.signingToken).not.toBe(signer.signingToken);
    expect(errorOf(await esignGet(t, 'GetEsign', { guid: signer.guid }, linkOf(fresh)))).toBe(0);
    expect(errorOf(await esignGet(t, 'GetEsign', { guid: signer.guid }, linkOf(first)))).toBe(0);
    // Asked for again from the new link: now the first one is replaced.
    await coolDown();
    expect(errorOf(await esignPost(t, 'SendVerificationAndUniqueUrlEmail', signer.guid, linkOf(fresh)))).toBe(
      0,
    );
    expect(errorOf(await esignGet(t, 'GetEsign', { guid: signer.guid }, linkOf(first)))).toBe(
      ErrorId.signingLinkNeeded,
    );
  });

  it('dies with the offer: 14 days after it was sent, and then says so to its holder only', async () => {
    const signer = await signerAt(t);
    const rows = await t.ctx.db.selectFrom('esign_links').select(['created_at', 'expires_at']).execute();
    const last = rows.at(-1)!;
    expect(Date.parse(last.expires_at) - Date.parse(last.created_at)).toBe(14 * 86_400_000);
    await t.ctx.db
      .updateTable('esign_links')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .execute();
    expect(errorOf(await esignGet(t, 'GetEsign', { guid: signer.guid }, linkOf(signer)))).toBe(
      ErrorId.signingLinkExpired,
    );
    // Nothing can be sent or signed with it, and a stranger still hears only that a link is needed.
    expect(errorOf(await esignPost(t, 'SendVerificationSMS', signer.guid, linkOf(signer)))).toBe(
      ErrorId.signingLinkExpired,
    );
    expect(errorOf(await esignGet(t, 'GetEsign', { guid: signer.guid }, stranger))).toBe(
      ErrorId.signingLinkNeeded,
    );
  });

  it('hands a signed-in applicant a link of their own (Register/EsignLink), to their application only', async () => {
    const signer = await signerAt(t);
    const res = await esignLink(signer.authorization);
    expect(res.json().error.errorID).toBe(0);
    const handed = res.json().object as { appGuid: string; signingToken: string };
    expect(handed.appGuid).toBe(signer.guid);
    expect(errorOf(await esignGet(t, 'GetEsign', { guid: signer.guid }, linkOf(handed)))).toBe(0);
    // The e-mailed link still works: the browser's link is of another origin.
    expect(errorOf(await esignGet(t, 'GetEsign', { guid: signer.guid }, linkOf(signer)))).toBe(0);

    const newcomer = await createApplicant(t.app);
    expect((await esignLink(newcomer.authorization)).json().error.errorID).toBe(ErrorId.esignClosed);
    // A link is for its own application: another application's guid with it opens nothing.
    const second = await signerAt(t);
    expect(errorOf(await esignGet(t, 'GetEsign', { guid: second.guid }, linkOf(handed)))).toBe(
      ErrorId.signingLinkNeeded,
    );
    expect((await esignLink('Bearer not-a-token')).statusCode).toBe(401);
  });
});
