import type { AppContext } from '../../app-context';
import type { CardProvider } from '../../lib/card-provider/card-provider';
import type { ImplementedCall } from '../../plugins/calls';
import { addCardService } from './add-card-service';
import { addCreditCard } from './add-credit-card';
import { cardPayment } from './card-payment';
import { paymentService } from './payment-service';
import { rescheduleCalls } from './reschedule-calls';
import { rescheduleService } from './reschedule-service';
import { settlementCalls } from './settlement-calls';

/** Paying a loan: card payments, a new card, rescheduling, the settlement statement and the statement of account. */
export function loanPaymentCalls(ctx: AppContext, cardProvider: CardProvider): ImplementedCall[] {
  // A payment's or a new card's challenge sends the browser back to its own page, as stage 2's does.
  const returnTo = (path: string) => new URL(path, ctx.config.PUBLIC_URL).toString();
  return [
    cardPayment(paymentService(ctx, cardProvider, returnTo('/borrow/payment'))),
    addCreditCard(addCardService(ctx, cardProvider, returnTo('/borrow/update-card'))),
    ...rescheduleCalls(rescheduleService(ctx)),
    ...settlementCalls(ctx),
  ];
}
