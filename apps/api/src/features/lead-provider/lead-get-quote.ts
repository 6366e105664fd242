import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { penceToPounds, poundsToPence } from '@lender/contract/money';
import { implementCall } from '../../plugins/calls';
import type { LandingService } from './landing-service';

/**
 * LeadProvider/GetQuote (spec section 7): the landing page's Calculate, priced by the engine at the
 * partner tier's daily rate; money in pounds as the other quote calls give it.
 */
export const leadGetQuote = (landing: LandingService) =>
  implementCall('leadGetQuote', async ({ query }) => {
    const outcome = await landing.quote(query.guid, {
      amountPence: poundsToPence(query.amount),
      period: query.period,
      repaymentDate: query.repaymentDate,
      wageFrequencyId: query.wageFrequencyID,
    });
    if (outcome.kind === 'closed') return refuse(Refusal.leadLinkClosed);
    const { price } = outcome;
    return ok({
      // The largest instalment: the last one absorbs the rounding and may be a penny or two more.
      monthlyRepayment: penceToPounds(Math.max(...price.schedule.map((line) => line.paymentPence))),
      creditCharge: penceToPounds(price.totalInterestPence),
      totalToPay: penceToPounds(price.totalRepayablePence),
      apr: price.aprPercent,
    });
  });
