import { AppStatus } from '@lender/contract/status';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PayoutProvider } from '../../lib/payout-provider/payout-provider';
import { eventually, signedApplicant, statusOf } from '../../test/live-loan';
import { createTestApp, type TestApp } from '../../test/test-app';
import { outsideServices } from '../../lib/outside-services';
import { payoutService } from './payout-service';
import { underwritingService } from './underwriting-service';
import { addDays } from '@lender/contract/dates';
import { OPS } from '../../entities/audit/actor';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const payoutsOf = (applicationId: number) =>
  t.ctx.db.selectFrom('payouts').selectAll().where('application_id', '=', applicationId).execute();
const sandboxPayments = () =>
  t.ctx.db
    .selectFrom('payout_sandbox_payments' as never)
    .selectAll()
    .execute();
const advancesOf = (applicationId: number) =>
  t.ctx.db
    .selectFrom('loan_transactions')
    .selectAll()
    .where('application_id', '=', applicationId)
    .where('type', '=', 'advance')
    .execute();

describe('payout', () => {
  it('refers a payout the bank refuses (account 00000002), and the loan is never active', async () => {
    const signer = await signedApplicant(t, {}, { stage4: { bankAccountNumber: '00000002' } });
    expect(
      await eventually(
        () => statusOf(t, signer.guid),
        (s) => s === AppStatus.undewritingReview,
      ),
    ).toBe(AppStatus.undewritingReview);
    expect(await payoutsOf(signer.applicationId)).toEqual([
      expect.objectContaining({
        state: 'referred',
        last_error: expect.stringContaining('rejected by the bank'),
      }),
    ]);
    expect(await advancesOf(signer.applicationId)).toEqual([]);
    const loan = await t.ctx.db
      .selectFrom('loans')
      .select('funded_on')
      .where('application_id', '=', signer.applicationId)
      .executeTakeFirstOrThrow();
    expect(loan.funded_on).toBeNull();
  });

  it('keeps a pending payout approved, not active, and asks again without paying twice (account 00000003)', async () => {
    const signer = await signedApplicant(t, {}, { stage4: { bankAccountNumber: '00000003' } });
    await eventually(
      () => payoutsOf(signer.applicationId),
      (p) => p[0]?.state === 'pending',
    );
    expect(await statusOf(t, signer.guid)).toBe(AppStatus.approved);
    await t.app.servicing.payouts.sweep();
    await t.app.servicing.payouts.sweep();
    expect(await payoutsOf(signer.applicationId)).toEqual([expect.objectContaining({ state: 'pending' })]);
    expect(await sandboxPayments()).toHaveLength(1);
    expect(await statusOf(t, signer.guid)).toBe(AppStatus.approved);
  });

  /** A signed application referred to a person (over 75 by its last instalment), then approved by hand through `payouts`. */
  async function approvedThrough(provider: PayoutProvider) {
    const payouts = payoutService(t.ctx, provider);
    const signer = await signedApplicant(t, { dob: addDays(t.ctx.businessDate.today(), -76 * 366) });
    await eventually(
      () => statusOf(t, signer.guid),
      (s) => s === AppStatus.undewritingReview,
    );
    expect(
      await underwritingService(t.ctx, payouts, t.app.servicing.decisionParts).decideByHand(
        signer.guid,
        'approve',
        'checked',
        OPS,
      ),
    ).toBe(true);
    return { signer, payouts };
  }

  it('retries a payout whose answer was lost under the same key: paid once, the loan active once', async () => {
    // A provider whose first two answers are lost on the way back (the payment itself is made).
    const real = outsideServices(t.ctx, t.app).payoutProvider;
    let lost = 0;
    const flaky: PayoutProvider = {
      async send(request) {
        const answer = await real.send(request);
        return lost++ < 2 ? { outcome: 'unavailable', reason: 'timed out' } : answer;
      },
      status: (id) => real.status(id),
    };
    const { signer, payouts } = await approvedThrough(flaky);
    expect(await statusOf(t, signer.guid)).toBe(AppStatus.approved);
    expect(await payouts.payOut(signer.applicationId)).toBe('unavailable');
    expect(await payouts.payOut(signer.applicationId)).toBe('paid');
    expect(await payouts.payOut(signer.applicationId)).toBe('nothing');
    expect(await payoutsOf(signer.applicationId)).toEqual([
      expect.objectContaining({ state: 'paid', attempts: 2 }),
    ]);
    expect(await sandboxPayments()).toHaveLength(1);
    expect(await advancesOf(signer.applicationId)).toHaveLength(1);
    expect(await statusOf(t, signer.guid)).toBe(AppStatus.active);
  });

  it('refers a payout the provider never answers, after its tries', async () => {
    const down: PayoutProvider = {
      send: async () => ({ outcome: 'unavailable', reason: 'connection refused' }),
      status: async () => ({ outcome: 'unavailable', reason: 'connection refused' }),
    };
    const { signer, payouts } = await approvedThrough(down);
    const outcomes = [];
    for (let k = 0; k < 4; k++) outcomes.push(await payouts.payOut(signer.applicationId));
    expect(outcomes).toEqual(['unavailable', 'unavailable', 'unavailable', 'referred']);
    expect(await statusOf(t, signer.guid)).toBe(AppStatus.undewritingReview);
    expect(await advancesOf(signer.applicationId)).toEqual([]);
  });
});
