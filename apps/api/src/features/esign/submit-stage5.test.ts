import { ErrorId } from '@lender/contract/error-ids';
import { Msg } from '@lender/contract/rules/messages';
import { AppStatus } from '@lender/contract/status';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sha256 } from '../../lib/secrets';
import {
  esignGet,
  esignPost,
  linkOf,
  readyToSign,
  signerAt,
  smsCodeSentTo,
  stage5Payload,
  verificationSentTo,
} from '../../test/esign-journey';
import { createTestApp, type TestApp } from '../../test/test-app';
import { Refusal } from '@lender/contract/refusals';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  vi.useRealTimers();
  await t.close();
});

const sign = (signer: { signingToken: string }, payload: object, headers: Record<string, string> = {}) =>
  esignPost(t, 'SubmitStage5', payload, { 'user-agent': 'Test browser/1.0', ...linkOf(signer), ...headers });
const status = async () =>
  (await t.ctx.db.selectFrom('applications').select('status_id').executeTakeFirstOrThrow()).status_id;
const signatures = () => t.ctx.db.selectFrom('esign_signatures').selectAll().execute();
const errorOf = (res: { json(): { error: { errorID: number; errorMessage: string } } }) => res.json().error;

describe('Register/SubmitStage5', () => {
  it('signs: records the signature with the documents’ hash and the PDF, moves to undewriting, e-mails the PDF', async () => {
    const signer = await signerAt(t);
    const shown = await readyToSign(t, signer);
    const code = await smsCodeSentTo(t, signer.mobile);

    const res = await sign(signer, stage5Payload(signer.guid, code));
    expect(res.json()).toEqual({ error: { errorID: 0, errorMessage: '' }, object: null });
    expect(await status()).toBe(AppStatus.undewriting);

    const [signature] = await signatures();
    expect(signature).toMatchObject({
      user_agent: 'Test browser/1.0',
      ip_address: '127.0.0.1',
      documents_sha256: sha256(JSON.stringify([shown.contract1, shown.contract2, shown.contract3])),
    });
    const pdf = Buffer.from(signature!.pdf_base64, 'base64');
    expect(signature!.pdf_sha256).toBe(sha256(pdf));
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThan(1);

    // The confirmation e-mail carries exactly the recorded PDF.
    const mail = await t.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', signer.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Your signed loan agreement with Kestrel Loans');
    const attachments = await t.ctx.db
      .selectFrom('outbox_attachments')
      .selectAll()
      .where('outbox_id', '=', mail.id)
      .execute();
    expect(attachments).toHaveLength(1);
    expect(attachments[0]).toMatchObject({
      file_name: `loan-agreement-${signer.guid}.pdf`,
      content_type: 'application/pdf',
    });
    expect(sha256(Buffer.from(attachments[0]!.content_base64, 'base64'))).toBe(signature!.pdf_sha256);

    // Signed: the e-sign calls are closed now, and the link says so (issue 31).
    expect(errorOf(await esignGet(t, 'GetEsign', { guid: signer.guid }, linkOf(signer))).errorID).toBe(
      ErrorId.esignAlreadySigned,
    );
  });

  it('answers 221 for a wrong code and records nothing', async () => {
    const signer = await signerAt(t);
    await readyToSign(t, signer);
    const code = await smsCodeSentTo(t, signer.mobile);
    const wrong = code === '000000' ? '000001' : '000000';
    expect(errorOf(await sign(signer, stage5Payload(signer.guid, wrong)))).toEqual({
      errorID: ErrorId.invalidSmsCode,
      errorMessage: 'Not Valid SMS Code',
    });
    expect(await status()).toBe(AppStatus.esignSent);
    expect(await signatures()).toEqual([]);
    // The right code still works after a wrong one.
    expect(errorOf(await sign(signer, stage5Payload(signer.guid, code))).errorID).toBe(0);
  });

  it('kills the code after 5 tries, even racing ones; a new code works', async () => {
    const signer = await signerAt(t);
    await readyToSign(t, signer);
    const code = await smsCodeSentTo(t, signer.mobile);
    const wrong = code === '000000' ? '000001' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 7 }, () => sign(signer, stage5Payload(signer.guid, wrong))),
    );
    expect(answers.map((r) => errorOf(r).errorID)).toEqual(Array(7).fill(ErrorId.invalidSmsCode));
    expect(answers.filter((r) => errorOf(r).errorMessage === 'Not Valid SMS Code')).toHaveLength(5);
    const [row] = await t.ctx.db.selectFrom('esign_codes').selectAll().where('channel', '=', 'sms').execute();
    expect(row!.tries).toBe(5);

    // Even the right code is refused now.
    expect(errorOf(await sign(signer, stage5Payload(signer.guid, code)))).toEqual({
      errorID: ErrorId.invalidSmsCode,
      errorMessage: Refusal.smsCodeTooManyTries.errorMessage,
    });
    await t.ctx.db.updateTable('esign_codes').set({ created_at: '2000-01-01T00:00:00.000Z' }).execute();
    expect(errorOf(await esignPost(t, 'SendVerificationSMS', signer.guid, linkOf(signer))).errorID).toBe(0);
    expect(
      errorOf(await sign(signer, stage5Payload(signer.guid, await smsCodeSentTo(t, signer.mobile)))).errorID,
    ).toBe(0);
  });

  it('refuses a code older than 10 minutes', async () => {
    const signer = await signerAt(t);
    await readyToSign(t, signer);
    const code = await smsCodeSentTo(t, signer.mobile);
    const [row] = await t.ctx.db.selectFrom('esign_codes').selectAll().where('channel', '=', 'sms').execute();
    expect(Date.parse(row!.expires_at) - Date.parse(row!.created_at)).toBe(10 * 60 * 1000);
    await t.ctx.db
      .updateTable('esign_codes')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('channel', '=', 'sms')
      .execute();
    expect(errorOf(await sign(signer, stage5Payload(signer.guid, code)))).toEqual({
      errorID: ErrorId.invalidSmsCode,
      errorMessage: Refusal.smsCodeExpired.errorMessage,
    });
    expect(await status()).toBe(AppStatus.esignSent);
  });

  it('answers 222 until the e-mail link is clicked', async () => {
    const signer = await signerAt(t);
    await esignGet(t, 'GetEsign', { guid: signer.guid }, linkOf(signer));
    const code = await smsCodeSentTo(t, signer.mobile);
    expect(errorOf(await sign(signer, stage5Payload(signer.guid, code))).errorID).toBe(
      ErrorId.emailNotVerified,
    );
    await esignGet(t, 'CheckEmailVerification', await verificationSentTo(t, signer.email));
    expect(errorOf(await sign(signer, stage5Payload(signer.guid, code))).errorID).toBe(0);
  });

  it('answers 223 when the documents were re-priced since they were shown (a new day), until read again', async () => {
    const signer = await signerAt(t);
    await readyToSign(t, signer);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 60 * 60 * 1000 });
    await t.ctx.db
      .updateTable('esign_codes')
      .set({ created_at: new Date(Date.now() - 60_000).toISOString() })
      .execute();
    await esignPost(t, 'SendVerificationSMS', signer.guid, linkOf(signer));
    const code = await smsCodeSentTo(t, signer.mobile);

    expect(errorOf(await sign(signer, stage5Payload(signer.guid, code)))).toEqual({
      errorID: ErrorId.agreementChanged,
      errorMessage: Refusal.agreementChanged.errorMessage,
    });
    expect(await status()).toBe(AppStatus.esignSent);
    const again = (await esignGet(t, 'GetEsign', { guid: signer.guid }, linkOf(signer))).json().object;
    expect(again.contract3).toMatch(/re-priced|today/i);
    expect(errorOf(await sign(signer, stage5Payload(signer.guid, code))).errorID).toBe(0);
  });

  it('signs once when the same signature arrives twice at the same time', async () => {
    const signer = await signerAt(t);
    await readyToSign(t, signer);
    const code = await smsCodeSentTo(t, signer.mobile);
    const answers = await Promise.all([
      sign(signer, stage5Payload(signer.guid, code)),
      sign(signer, stage5Payload(signer.guid, code)),
    ]);
    expect(answers.map((r) => errorOf(r).errorID).sort((a, b) => a - b)).toContain(0);
    expect(answers.filter((r) => errorOf(r).errorID === 0)).toHaveLength(1);
    expect(await signatures()).toHaveLength(1);
    const mails = await t.ctx.db.selectFrom('outbox_attachments').selectAll().execute();
    expect(mails).toHaveLength(1);
  });

  it('needs both boxes ticked and a code, with the spec’s messages, changing nothing', async () => {
    const signer = await signerAt(t);
    await readyToSign(t, signer);
    const res = await sign(signer, {
      guid: signer.guid,
      smsCode: ' ',
      termsAccepted: false,
      understodInfo: null,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().object.fields).toEqual({
      smsCode: Msg.smsCode,
      termsAccepted: Msg.required,
      understodInfo: Msg.required,
    });
    expect(await status()).toBe(AppStatus.esignSent);
    expect(await signatures()).toEqual([]);
  });

  it('answers 220 for an unknown guid', async () => {
    const res = await sign(
      { signingToken: 'x'.repeat(43) },
      stage5Payload('6f1c2b1e-0000-4000-8000-000000000000', '123456'),
    );
    expect(errorOf(res).errorID).toBe(ErrorId.esignClosed);
  });
});
