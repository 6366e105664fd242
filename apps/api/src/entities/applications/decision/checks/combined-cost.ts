import { formatPence } from '@lender/contract/money';
import type { DecisionCheck } from '../decision-check';

/**
 * CONC 6.7.22G: consecutive agreements whose cumulative cost would be unsustainable. The interest and
 * fees charged on the last 12 months' loans plus the new loan's interest may be at most this share of one
 * month's net income (docs/decisions/027).
 */
export const MAX_12_MONTH_COST_SHARE_OF_MONTHLY_INCOME = 0.5;

export const combinedCostCheck: DecisionCheck = {
  name: 'combined-cost',
  readsTerms: true,
  async run({ history, quote, terms, netMonthlyIncomePence }) {
    if (!history) return [];
    const interestPence = quote.totalRepayablePence - terms.amountPence;
    const combinedPence = history.costLast12MonthsPence + interestPence;
    const limitPence = Math.floor(netMonthlyIncomePence * MAX_12_MONTH_COST_SHARE_OF_MONTHLY_INCOME);
    const declines = combinedPence > limitPence;
    return [
      {
        check: 'combined-cost',
        outcome: declines ? 'decline' : 'pass',
        reasonCode: declines ? 'over-limit' : 'within-limit',
        details: { costLast12MonthsPence: history.costLast12MonthsPence, interestPence, limitPence },
        text:
          `interest and fees of the last 12 months ${formatPence(history.costLast12MonthsPence)} + this loan's ` +
          `interest ${formatPence(interestPence)} = ${formatPence(combinedPence)}, at most ` +
          `${formatPence(limitPence)} (half a month's net income, CONC 6.7.22G)`,
      },
    ];
  },
};
