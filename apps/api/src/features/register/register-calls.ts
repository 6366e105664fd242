import type { AppContext } from '../../app-context';
import type { DbExecutor } from '../../db/create-db';
import type { DecisionParts } from '../../entities/applications/decision/pipeline';
import { entityStore } from '../../entities/unit-of-work';
import type { CardProvider } from '../../lib/card-provider/card-provider';
import type { StoredDictionaries } from '../../lib/dictionary-store';
import type { ImplementedCall } from '../../plugins/calls';
import { acceptQuote } from './accept-quote';
import { calculateQuote } from './calculate-quote';
import { getApplicationStatus } from './get-application-status';
import { getQuote } from './get-quote';
import { getRepeatLoan } from './get-repeat-loan';
import { quoteService } from './quote-service';
import { repeatLoan } from './repeat-loan';
import { repeatLoanService } from './repeat-loan-service';
import { stage1Service } from './stage1-service';
import { stage2Service } from './stage2-service';
import { stage3Service } from './stage3-service';
import { stage4Service } from './stage4-service';
import { submitStage1 } from './submit-stage1';
import { submitStage2 } from './submit-stage2';
import { submitStage3 } from './submit-stage3';
import { submitStage4 } from './submit-stage4';

const HOUR_MS = 60 * 60 * 1000;

/** The application's calls, stage 1 to stage 4 and the repeat loan, wired to their services (e-sign's are its own). */
export function registerCalls(
  ctx: AppContext,
  cardProvider: CardProvider,
  decision: DecisionParts,
  dictionaries: StoredDictionaries,
  /** Sends the e-sign codes in the given transaction (e-sign's, handed in by the composition root). */
  startSigning: (trx: DbExecutor, applicationGuid: string) => Promise<void>,
): ImplementedCall[] {
  const entities = entityStore(ctx);
  const quotes = quoteService(entities, dictionaries);
  // The bank's challenge sends the browser back to stage 2, on our own address (docs/decisions/014).
  const cardCheckReturnUrl = new URL('/loan/stage2', ctx.config.PUBLIC_URL).toString();
  // A new card's challenge on a repeat loan returns to the repeat-loan form.
  const repeatReturnUrl = new URL('/borrow/apply', ctx.config.PUBLIC_URL).toString();
  const repeat = repeatLoanService(ctx, cardProvider, decision, repeatReturnUrl, startSigning);
  return [
    submitStage1(stage1Service(entities, ctx.config, decision), {
      perAddress: ctx.limits.limiter({
        scope: 'stage1-address',
        limit: ctx.config.STAGE1_PER_ADDRESS,
        windowMs: HOUR_MS,
      }),
      perContact: ctx.limits.limiter({
        scope: 'stage1-contact',
        limit: ctx.config.STAGE1_PER_CONTACT,
        windowMs: HOUR_MS,
      }),
      limits: ctx.limits,
      security: ctx.security,
    }),
    getQuote(quotes),
    calculateQuote(quotes),
    acceptQuote(quotes),
    getApplicationStatus(quotes),
    submitStage2(stage2Service(entities, cardProvider, cardCheckReturnUrl, startSigning)),
    submitStage3(stage3Service(entities, () => ctx.businessDate.today())),
    submitStage4(stage4Service(entities, decision, startSigning)),
    getRepeatLoan(repeat),
    repeatLoan(repeat),
  ];
}
