import type { AppContext } from '../../app-context';
import { ApplicationStep } from '../../entities/applications/application-steps';
import { transition } from '../../entities/applications/transition';
import { entityRepositories, unitOfWork } from '../../entities/unit-of-work';
import type { PayoutProvider } from '../../lib/payout-provider/payout-provider';
import { decrypt } from '../../lib/secrets';
import { payoutRepository, type Payout } from './payout-repository';
import { underwritingRepository } from './underwriting-repository';
import { SYSTEM } from '../../entities/audit/actor';

/** Tries at a provider that does not answer before a person is asked to look (docs/decisions/023). */
export const PAYOUT_TRIES = 5;

export type PayoutOutcome = 'paid' | 'pending' | 'rejected' | 'unavailable' | 'referred' | 'nothing';

/**
 * Pays approved loans out through the payout provider. The key is stored before the call and sent with
 * every retry, so a provider that did pay but whose answer was lost answers that payment again: money
 * leaves once. The loan becomes active only when the provider confirms the payment.
 */
export function payoutService(ctx: AppContext, provider: PayoutProvider) {
  const store = unitOfWork(ctx.db, (db) => ({
    ...entityRepositories(ctx)(db),
    payouts: payoutRepository(db),
  }));
  const applications = underwritingRepository(ctx.db);

  async function funded(payout: Payout, paymentId: string) {
    const app = await applications.byId(payout.application_id);
    if (!app) return;
    const today = await ctx.businessDate.refresh();
    await transition(
      store,
      app,
      ApplicationStep.fund,
      {
        kind: 'funded',
        reason: `paid out by Faster Payment ${paymentId} on ${today}`,
        actor: SYSTEM.payouts,
      },
      async ({ payouts, loans }) => {
        await payouts.record(payout.id, { state: 'paid', payment_id: paymentId, last_error: null });
        await loans.update(payout.application_id, { funded_on: today });
        await loans.post([
          {
            applicationId: payout.application_id,
            type: 'advance',
            amountPence: payout.amount_pence,
            onDate: today,
            reference: `advance:${payout.idempotency_key}`,
          },
        ]);
      },
    );
  }

  async function refer(payout: Payout, why: string) {
    const app = await applications.byId(payout.application_id);
    if (!app) return;
    await transition(
      store,
      app,
      ApplicationStep.referPayout,
      { kind: 'payout-referred', reason: why, actor: SYSTEM.payouts },
      ({ payouts }) => payouts.record(payout.id, { state: 'referred', last_error: why.slice(0, 300) }),
    );
  }

  /** One step for one payout: send it (again, under its own key) or ask how a pending one stands. */
  async function advance(payout: Payout): Promise<PayoutOutcome> {
    let result;
    if (payout.state === 'pending' && payout.payment_id) {
      result = await provider.status(payout.payment_id);
    } else {
      const account = await applications.bankAccount(payout.application_id);
      if (!account) {
        await refer(payout, 'no bank account to pay into');
        return 'referred';
      }
      result = await provider.send({
        idempotencyKey: payout.idempotency_key,
        sortCode: decrypt(account.sort_code_sealed, ctx.config.DATA_KEY),
        accountNumber: decrypt(account.account_number_sealed, ctx.config.DATA_KEY),
        accountName: `${account.first_name} ${account.last_name}`.slice(0, 70),
        amountPence: payout.amount_pence,
        reference: `KESTREL ${payout.application_id}`.slice(0, 18),
      });
    }
    switch (result.outcome) {
      case 'paid':
        await funded(payout, result.paymentId);
        return 'paid';
      case 'pending':
        await store.payouts.record(payout.id, { state: 'pending', payment_id: result.paymentId }, true);
        return 'pending';
      case 'rejected':
        await store.payouts.record(payout.id, {
          state: 'rejected',
          payment_id: result.paymentId,
          last_error: result.reason,
        });
        await refer(payout, `payout rejected by the bank: ${result.reason}`);
        return 'rejected';
      case 'unavailable': {
        await store.payouts.record(payout.id, { state: 'unavailable', last_error: result.reason }, true);
        if (payout.attempts + 1 >= PAYOUT_TRIES) {
          await refer(payout, `payout provider did not answer after ${PAYOUT_TRIES} tries: ${result.reason}`);
          return 'referred';
        }
        return 'unavailable';
      }
    }
  }

  return {
    /** Sends (or follows up) the open payout of one application. */
    async payOut(applicationId: number): Promise<PayoutOutcome> {
      const payout = await store.payouts.latest(applicationId);
      if (!payout || !['sending', 'unavailable', 'pending'].includes(payout.state)) return 'nothing';
      return advance(payout);
    },
    /** Every open payout one step further: what the server's sweep and `underwriting run` do. */
    async sweep(): Promise<PayoutOutcome[]> {
      const outcomes: PayoutOutcome[] = [];
      for (const payout of await store.payouts.open()) outcomes.push(await advance(payout));
      return outcomes;
    },
  };
}

export type PayoutService = ReturnType<typeof payoutService>;
