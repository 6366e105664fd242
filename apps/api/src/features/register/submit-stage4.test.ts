import { ErrorId } from '@lender/contract/error-ids';
import { Msg } from '@lender/contract/rules/messages';
import { AppStatus } from '@lender/contract/status';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decrypt } from '../../lib/secrets';
import { applicantAt, createStage4Payload } from '../../test/application-journey';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const submit = (authorization: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/Register/SubmitStage4', headers: { authorization }, payload });
const application = () => t.ctx.db.selectFrom('applications').selectAll().executeTakeFirstOrThrow();
const accounts = () => t.ctx.db.selectFrom('bank_accounts').selectAll().execute();

describe('Register/SubmitStage4', () => {
  it('keeps the bank account sealed and moves the application to esignSent with its guid', async () => {
    const { authorization } = await applicantAt(t, 'stage4');
    const res = await submit(authorization, createStage4Payload());
    const app = await application();
    expect(res.json()).toEqual({
      error: { errorID: 0, errorMessage: '' },
      object: { appStatusID: AppStatus.esignSent, appGuid: app.guid },
    });
    expect(app.status_id).toBe(AppStatus.esignSent);

    const [account] = await accounts();
    expect(account).toBeDefined();
    // Readable with the key, and nowhere in the row without it.
    expect(decrypt(account!.sort_code_sealed, t.ctx.config.DATA_KEY)).toBe('123456');
    expect(decrypt(account!.account_number_sealed, t.ctx.config.DATA_KEY)).toBe('31926819');
    expect(JSON.stringify(account)).not.toMatch(/31926819|123456|12-34-56/);
  });

  it('refuses a sort code or account number that is not 6 or 8 digits, storing nothing', async () => {
    const { authorization } = await applicantAt(t, 'stage4');
    const res = await submit(
      authorization,
      createStage4Payload({ sortCode: '12345', bankAccountNumber: '1234567a' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().object.fields).toEqual({
      sortCode: Msg.sortCode,
      bankAccountNumber: Msg.accountNumber,
    });
    expect(await accounts()).toEqual([]);
    expect((await application()).status_id).toBe(AppStatus.applicationCompleted);
  });

  it('refuses bank details before stage 3 and a second time, changing nothing', async () => {
    const early = await applicantAt(t, 'stage3');
    const before = await submit(early.authorization, createStage4Payload());
    expect(before.json().error.errorID).toBe(ErrorId.stageClosed);
    expect(await accounts()).toEqual([]);
    expect((await application()).status_id).toBe(AppStatus.cardAccepted);
  });

  it('stores one account when the same details arrive twice', async () => {
    const { authorization } = await applicantAt(t, 'stage4');
    const answers = await Promise.all([
      submit(authorization, createStage4Payload()),
      submit(authorization, createStage4Payload()),
    ]);
    expect(answers.map((r) => r.json().error.errorID).sort()).toEqual([0, ErrorId.stageClosed]);
    expect(await accounts()).toHaveLength(1);
  });
});
