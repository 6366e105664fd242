import type { AppContext } from './app-context';
import { closeOfBusiness } from './features/close-of-business/close-of-business';
import { payoutService } from './features/underwriting/payout-service';
import { underwritingService } from './features/underwriting/underwriting-service';
import type { OutsideServices } from './lib/outside-services';

/**
 * The lender's back office (issue 25), built once per process around the outside services: underwriting
 * and payout, and the close of business. The API, its timers (server.ts) and the ops commands share it.
 */
export function servicingFor(ctx: AppContext, services: OutsideServices) {
  const payouts = payoutService(ctx, services.payoutProvider);
  return {
    payouts,
    underwriting: underwritingService(ctx, payouts),
    closeOfBusiness: closeOfBusiness(ctx, services.cardProvider),
  };
}

export type Servicing = ReturnType<typeof servicingFor>;
