import { AppStatus } from '@lender/contract/status';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messagesTo } from '../../test/account-holder';
import {
  esignPost,
  linkOf,
  readyToSign,
  signingLinkSentTo,
  smsCodeSentTo,
  stage5Payload,
} from '../../test/esign-journey';
import { addDays } from '@lender/contract/dates';
import { decisionsOf, eventually, liveLoanOf, signedApplicant, statusOf } from '../../test/live-loan';
import { createTestApp, type TestApp } from '../../test/test-app';
import { staffActor } from '../../entities/audit/actor';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('underwriting after e-sign', () => {
  it('approves by itself within seconds, pays out once, and the loan is active with its advance', async () => {
    const signer = await signedApplicant(t);
    const status = await eventually(
      () => statusOf(t, signer.guid),
      (s) => s === AppStatus.active,
    );
    expect(status).toBe(AppStatus.active);

    const kinds = (await decisionsOf(t, signer.applicationId)).map((d) => d.kind);
    expect(kinds).toEqual(expect.arrayContaining(['esigned', 'underwriting-approved', 'funded']));
    const payouts = await t.ctx.db
      .selectFrom('payouts')
      .selectAll()
      .where('application_id', '=', signer.applicationId)
      .execute();
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ state: 'paid', attempts: 0 });
    const sandbox = await t.ctx.db
      .selectFrom('payout_sandbox_payments' as never)
      .selectAll()
      .execute();
    expect(sandbox).toHaveLength(1);

    const loan = await t.ctx.db
      .selectFrom('loans')
      .selectAll()
      .where('application_id', '=', signer.applicationId)
      .executeTakeFirstOrThrow();
    expect(loan.funded_on).toBe(t.ctx.businessDate.today());
    const advance = await t.ctx.db
      .selectFrom('loan_transactions')
      .selectAll()
      .where('application_id', '=', signer.applicationId)
      .execute();
    expect(advance.map((r) => [r.type, r.amount_pence])).toEqual([['advance', loan.principal_pence]]);

    const mails = await messagesTo(t, signer.email);
    expect(mails.at(-1)!.subject).toMatch(/approved/);
    expect(mails.at(-1)!.text).toContain('within 15 minutes of this e-mail');

    // Running the rules and the payout sweep again changes nothing: no second payment.
    await t.app.servicing.underwriting.run();
    expect(await t.ctx.db.selectFrom('payouts').selectAll().execute()).toHaveLength(1);
    expect(
      await t.ctx.db
        .selectFrom('payout_sandbox_payments' as never)
        .selectAll()
        .execute(),
    ).toHaveLength(1);
  });

  it('refers to a person when a rule asks for one, and a person approves it with a reason', async () => {
    // 76 today: over 75 by the last instalment.
    const signer = await signedApplicant(t, { dob: addDays(t.ctx.businessDate.today(), -76 * 366) });
    expect(
      await eventually(
        () => statusOf(t, signer.guid),
        (s) => s === AppStatus.undewritingReview,
      ),
    ).toBe(AppStatus.undewritingReview);
    const referral = (await decisionsOf(t, signer.applicationId)).find(
      (d) => d.kind === 'underwriting-referred',
    );
    expect(referral?.reason).toContain('age:');
    expect((await messagesTo(t, signer.email)).at(-1)!.text).toContain('One of our team needs to look');

    expect(
      await t.app.servicing.underwriting.decideByHand(
        signer.guid,
        'approve',
        'Checked with the customer',
        staffActor(3),
      ),
    ).toBe(true);
    expect(await statusOf(t, signer.guid)).toBe(AppStatus.active);
    expect(
      (await decisionsOf(t, signer.applicationId)).find((d) => d.kind === 'underwriter-approved')?.reason,
    ).toBe('Checked with the customer');
    // The rules referred it; a member of staff approved it: each decision names who made it.
    const actors = await t.ctx.db
      .selectFrom('application_decisions')
      .select(['kind', 'actor'])
      .where('application_id', '=', signer.applicationId)
      .where('kind', 'in', ['underwriting-referred', 'underwriter-approved', 'esigned'])
      .orderBy('id')
      .execute();
    expect(actors).toEqual([
      { kind: 'esigned', actor: `customer:${signer.customerId}` },
      { kind: 'underwriting-referred', actor: 'system:underwriting' },
      { kind: 'underwriter-approved', actor: 'staff:3' },
    ]);
  });

  it('declines with its reasons and an e-mail that says why and where to get free debt advice', async () => {
    // A customer who already has a loan with us that is not repaid (as a repeat applicant will).
    const second = await signedApplicant(t, {}, {}, async (customerId) => {
      await liveLoanOf(t, customerId);
    });
    expect(
      await eventually(
        () => statusOf(t, second.guid),
        (s) => s === AppStatus.leadDeclined,
      ),
    ).toBe(AppStatus.leadDeclined);
    const decline = (await decisionsOf(t, second.applicationId)).find(
      (d) => d.kind === 'underwriting-declined',
    );
    expect(decline?.reason).toContain('live-loan:');
    const mail = (await messagesTo(t, second.email)).at(-1)!;
    expect(mail.text).toContain('we lend one loan at a time');
    expect(mail.text).toContain('moneyhelper.org.uk');
    expect(
      await t.ctx.db
        .selectFrom('payouts')
        .selectAll()
        .where('application_id', '=', second.applicationId)
        .execute(),
    ).toEqual([]);
  });

  it('offers a smaller loan when only affordability fails, and pays it out once the new agreement is signed', async () => {
    let applicationId = 0;
    const signer = await signedApplicant(t, {}, {}, async (customerId) => {
      // Since stage 3 the customer's expenses leave room for repayments of about £100 a month only.
      const app = await t.ctx.db
        .selectFrom('applications')
        .select('id')
        .where('customer_id', '=', customerId)
        .executeTakeFirstOrThrow();
      applicationId = app.id;
      const row = await t.ctx.db
        .selectFrom('application_affordability')
        .selectAll()
        .where('application_id', '=', app.id)
        .executeTakeFirstOrThrow();
      const buffer = Math.max(5000, Math.ceil(row.net_income_pence * 0.1));
      await t.ctx.db
        .updateTable('application_affordability')
        .set({ expenses_pence: row.net_income_pence - buffer - 10_000 })
        .where('application_id', '=', app.id)
        .execute();
    });
    expect(
      await eventually(
        () => statusOf(t, signer.guid),
        (s) => s === AppStatus.offerSent,
      ),
    ).toBe(AppStatus.offerSent);
    const { amount_pence } = await t.ctx.db
      .selectFrom('applications')
      .select('amount_pence')
      .where('id', '=', applicationId)
      .executeTakeFirstOrThrow();
    expect(amount_pence).toBeLessThan(30_000);
    expect(amount_pence % 1000).toBe(0);
    const offer = (await messagesTo(t, signer.email)).find((m) => m.subject?.startsWith('A new offer'));
    expect(offer?.text).toContain(`We can lend you £${(amount_pence / 100).toFixed(2)} instead`);
    expect(
      await t.ctx.db.selectFrom('loans').selectAll().where('application_id', '=', applicationId).execute(),
    ).toEqual([]);

    // The customer reads and signs the new agreement with the new link and code.
    const link = await signingLinkSentTo(t, signer.email);
    const renewed = { ...signer, signingToken: link.signingToken };
    const documents = await readyToSign(t, renewed);
    expect(documents.contract3).toContain(`£${(amount_pence / 100).toFixed(2)}`);
    const signed = await esignPost(
      t,
      'SubmitStage5',
      stage5Payload(signer.guid, await smsCodeSentTo(t, signer.mobile)),
      {
        'user-agent': 'Test browser/1.0',
        ...linkOf(renewed),
      },
    );
    expect(signed.json().error.errorID).toBe(0);
    expect(
      await eventually(
        () => statusOf(t, signer.guid),
        (s) => s === AppStatus.active,
      ),
    ).toBe(AppStatus.active);
    const loan = await t.ctx.db
      .selectFrom('loans')
      .selectAll()
      .where('application_id', '=', applicationId)
      .executeTakeFirstOrThrow();
    expect(loan.principal_pence).toBe(amount_pence);
  });
});
