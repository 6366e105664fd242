import { ErrorId } from '@lender/contract/error-ids';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { esignGet, esignPost, signerAt, verificationSentTo, linkOf } from '../../test/esign-journey';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const emailCodes = () =>
  t.ctx.db.selectFrom('esign_codes').selectAll().where('channel', '=', 'email').execute();
const linkStatus = (guid: string, signer = { signingToken: '' }) =>
  esignGet(t, 'GetEmailVerificationLinkStatus', { guid }, linkOf(signer));

describe('Register/CheckEmailVerification and GetEmailVerificationLinkStatus', () => {
  it('verifies once with the live link; the status poll then answers verified', async () => {
    const signer = await signerAt(t);
    expect((await linkStatus(signer.guid, signer)).json().object).toEqual({ verified: false });

    const link = await verificationSentTo(t, signer.email);
    expect((await esignGet(t, 'CheckEmailVerification', link)).json()).toEqual({
      error: { errorID: 0, errorMessage: '' },
      object: { verified: true },
    });
    expect((await linkStatus(signer.guid, signer)).json().object).toEqual({ verified: true });
    const used = await emailCodes();
    expect(used).toHaveLength(1);
    expect(used[0]!.used_at).not.toBeNull();

    // Used once: clicked again it reports what it did and changes nothing.
    expect((await esignGet(t, 'CheckEmailVerification', link)).json().object).toEqual({ verified: true });
    expect(await emailCodes()).toEqual(used);
  });

  it('does not verify with a used link once a new one replaced it', async () => {
    const signer = await signerAt(t);
    const link = await verificationSentTo(t, signer.email);
    await esignGet(t, 'CheckEmailVerification', link);
    await t.ctx.db.updateTable('esign_codes').set({ created_at: '2000-01-01T00:00:00.000Z' }).execute();
    await esignPost(t, 'SendVerificationAndUniqueUrlEmail', signer.guid, linkOf(signer));
    expect((await esignGet(t, 'CheckEmailVerification', link)).json().object).toEqual({ verified: false });
  });

  it('does not verify with a wrong token, another application’s guid or an expired link', async () => {
    const signer = await signerAt(t);
    const link = await verificationSentTo(t, signer.email);
    const wrong = { ...link, verification: `${link.verification.slice(0, -2)}xx` };
    expect((await esignGet(t, 'CheckEmailVerification', wrong)).json().object).toEqual({ verified: false });

    const other = await signerAt(t);
    const crossed = { guid: other.guid, verification: link.verification };
    expect((await esignGet(t, 'CheckEmailVerification', crossed)).json().object).toEqual({ verified: false });

    await t.ctx.db
      .updateTable('esign_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('channel', '=', 'email')
      .execute();
    expect((await esignGet(t, 'CheckEmailVerification', link)).json().object).toEqual({ verified: false });
    expect((await linkStatus(signer.guid, signer)).json().object).toEqual({ verified: false });
  });

  it('answers the status poll with errorID 220 for an unknown guid', async () => {
    const res = await linkStatus('6f1c2b1e-0000-4000-8000-000000000000');
    expect(res.json()).toEqual({
      error: { errorID: ErrorId.esignClosed, errorMessage: expect.stringContaining('no longer open') },
      object: null,
    });
  });
});
