import type { AppContext } from './app-context';
import { closeOfBusiness } from './features/close-of-business/close-of-business';
import { signingStarter } from './features/esign/start-signing';
import { moneyProposals } from './features/staff-money/money-proposals';
import { payoutService } from './features/underwriting/payout-service';
import { underwritingService } from './features/underwriting/underwriting-service';
import type { DecisionParts } from './entities/applications/decision/pipeline';
import { jobLock } from './lib/job-lock';
import type { OutsideServices } from './lib/outside-services';

/**
 * The lender's back office (issue 25), built once per process around the outside services: underwriting
 * and payout, and the close of business. The API, its timers (server.ts) and the ops commands share it.
 */
export function servicingFor(
  ctx: AppContext,
  services: OutsideServices,
  onError: (err: unknown, what: string) => void = () => {},
) {
  const payouts = payoutService(ctx, services.payoutProvider);
  const startSigning = signingStarter(ctx, {
    publicUrl: ctx.config.PUBLIC_URL,
    dataKey: ctx.config.DATA_KEY,
  });
  // Every application, whichever door it came in by, is decided by the same checks and services.
  const decisionParts: DecisionParts = {
    checks: ctx.decisionChecks,
    creditReference: services.creditReference,
  };
  const underwriting = underwritingService(ctx, payouts, decisionParts, startSigning);
  const refunds = moneyProposals(ctx, services.payoutProvider);
  const refundsLock = jobLock(ctx.db, 'refund-payouts', 120);
  const inFlight = new Set<Promise<unknown>>();
  return {
    decisionParts,
    payouts,
    underwriting,
    // The day's loan events go to the credit reference agency at its close (issue 47).
    closeOfBusiness: closeOfBusiness(ctx, services.cardProvider, {
      creditReference: services.creditReference,
    }),
    /**
     * Approved refunds the provider has not confirmed paid, followed up by one process at a time (the
     * server every 15 s): a lost answer is asked again under the refund's own key, so it pays once.
     */
    async followRefunds(): Promise<number> {
      // Nearly always none: a read, rather than the lock's write every 15 s.
      if (!(await refunds.hasPayoutsToFollow())) return 0;
      if (!(await refundsLock.take())) return 0;
      try {
        return await refunds.followPayouts();
      } finally {
        await refundsLock.release();
      }
    },
    /**
     * Underwriting starts as a signature is stored, once its answer has gone: the applicant does not
     * wait for it. A failure loses nothing: the server's sweep decides the application later.
     */
    afterSignature(applicationId: number) {
      const work = new Promise((resolve) => setImmediate(resolve))
        .then(() => underwriting.decideApplication(applicationId))
        .catch((err: unknown) => onError(err, 'underwriting after signature failed'))
        .finally(() => inFlight.delete(work));
      inFlight.add(work);
    },
    /** Waits for work started in the background (the server closing). */
    settle: () => Promise.allSettled([...inFlight]),
  };
}

export type Servicing = ReturnType<typeof servicingFor>;
