import type { AppContext } from '../../app-context';
import type { CardProvider } from '../../lib/card-provider/card-provider';
import type { ImplementedCall } from '../../plugins/calls';
import { clientErrorRepository } from './client-error-repository';
import { landingCalls } from './landing-calls';
import type { LandingParts } from './landing-outcomes';
import { reportError } from './report-error';

const QUARTER_HOUR_MS = 15 * 60 * 1000;

/**
 * The LeadProvider controller's calls: the browser's error reports and a partner's lead landing, which
 * lands with what stage 1, stage 3 and e-sign do for our own applicants (`parts`, from the composition root).
 */
export function leadProviderCalls(
  ctx: AppContext,
  cardProvider: CardProvider,
  parts: LandingParts,
): ImplementedCall[] {
  return [
    reportError(
      clientErrorRepository(ctx.db),
      ctx.limits.limiter({
        scope: 'client-errors',
        limit: ctx.config.CLIENT_ERRORS_PER_ADDRESS,
        windowMs: QUARTER_HOUR_MS,
      }),
    ),
    ...landingCalls(
      ctx,
      cardProvider,
      parts,
      ctx.limits.limiter({
        scope: 'lead-events',
        limit: ctx.config.LEAD_EVENTS_PER_ADDRESS,
        windowMs: QUARTER_HOUR_MS,
      }),
    ),
  ];
}
