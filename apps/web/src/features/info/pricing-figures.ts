import { DAILY_RATE_STANDARD } from '@lender/contract/constants';
import { addDays, type IsoDate } from '@lender/contract/dates';
import { formatPence, type Pence } from '@lender/contract/money';
import { formatPounds, formatRate } from '@lender/contract/pricing/format';
import {
  DEFAULT_FEE_MAX_PENCE,
  HCSTC_DAILY_RATE_CAP,
  HCSTC_TOTAL_COST_CAP_SHARE,
  priceLoan,
} from '@lender/contract/pricing/pricing';
import { provider, standard } from 'virtual:representative-example';

/*
 * The price figures the information pages print in their text, from the contract (rates, caps) and its
 * pricing engine (worked examples), never typed. These pages are their own chunks, so the engine they
 * load here stays out of the first page's bundle.
 */

/** '0.8%': the standard daily rate. */
export const DAILY_RATE = formatRate(standard.dailyRatePercent);
/** '292%': the standard daily rate for a year, as the spec prints it. */
export const ANNUAL_RATE = formatRate(standard.annualRatePercent);
/** '0.6%': the daily rate for visitors who arrive through a lead provider. */
export const PROVIDER_DAILY_RATE = formatRate(provider.dailyRatePercent);
/** '0.8%': the FCA's daily cap on interest and fees (CONC 5A). */
export const DAILY_RATE_CAP = formatRate(HCSTC_DAILY_RATE_CAP * 100);
/** '100%': the FCA's total cost cap, as a share of the amount borrowed. */
export const TOTAL_COST_CAP = formatRate(HCSTC_TOTAL_COST_CAP_SHARE * 100);
/** '£15': the most a default charge may be. */
export const DEFAULT_FEE_MAX = formatPounds(DEFAULT_FEE_MAX_PENCE);

/** The most anyone can ever repay on a loan, under the total cost cap: £600 for £300. */
export const mostEverRepaid = (principalPence: Pence) =>
  formatPounds(principalPence * (1 + HCSTC_TOTAL_COST_CAP_SHARE));

/** A fixed day to price the examples from: they do not depend on the calendar. */
const DRAWDOWN: IsoDate = '2027-01-04';

/**
 * A loan repaid in one payment after `days`, priced by the engine at the standard rate: the worked
 * example of the costs page and the loan guide.
 */
export function singlePaymentExample(principalPence: Pence, days: number) {
  const price = priceLoan({
    principalPence,
    drawdownDate: DRAWDOWN,
    repaymentDates: [addDays(DRAWDOWN, days)],
    dailyRate: DAILY_RATE_STANDARD,
  });
  return {
    principal: formatPounds(principalPence),
    days,
    interest: formatPence(price.totalInterestPence),
    total: formatPence(price.totalRepayablePence),
  };
}
