import { addDays, daysBetween, formatDisplayDate, type IsoDate } from '@lender/contract/dates';
import { formatPence } from '@lender/contract/money';
import {
  formatApr,
  formatInstalments,
  formatPounds,
  formatRate,
  yearlyRate,
} from '@lender/contract/pricing/format';
import {
  DEFAULT_FEE_MAX_PENCE,
  HCSTC_DAILY_RATE_CAP,
  HCSTC_TOTAL_COST_CAP_SHARE,
  defaultFeePence,
  priceLoan,
} from '@lender/contract/pricing/pricing';
import type { AgreementFacts } from './agreement-facts';

const percent = (fraction: number) => formatRate(fraction * 100);

/**
 * Every figure the documents print, formatted once from the engine's price of this loan: the templates
 * take their numbers from here and type none of their own.
 */
export function loanFigures(facts: AgreementFacts) {
  const { price } = facts.pricing;
  const amountPence = facts.loan.amountPence;
  const lastDate = price.schedule[price.schedule.length - 1]?.date as IsoDate;
  // Interest for a day on the whole credit, charged (and rounded down) as the engine charges any period.
  const oneDay = priceLoan({
    principalPence: amountPence,
    drawdownDate: facts.today,
    repaymentDates: [addDays(facts.today, 1)],
    dailyRate: price.dailyRate,
  });
  const costCapPence = amountPence * HCSTC_TOTAL_COST_CAP_SHARE;
  return {
    today: formatDisplayDate(facts.today),
    amount: formatPence(amountPence),
    count: price.schedule.length,
    instalments: formatInstalments(price.schedule.map((line) => line.paymentPence)),
    dates: price.schedule.map((line) => formatDisplayDate(line.date)),
    lastDate: formatDisplayDate(lastDate),
    durationDays: daysBetween(facts.today, lastDate),
    schedule: price.schedule.map((line) => ({
      date: formatDisplayDate(line.date),
      payment: formatPence(line.paymentPence),
      interest: formatPence(line.interestPence),
      principal: formatPence(line.principalPence),
    })),
    totalInterest: formatPence(price.totalInterestPence),
    totalPayable: formatPence(price.totalRepayablePence),
    apr: formatApr(price.aprPercent),
    dailyRate: percent(price.dailyRate),
    annualRate: percent(yearlyRate(price.dailyRate)),
    /** The rate offered, when the total cost cap made the agreement's rate lower; otherwise null. */
    offeredDailyRate: price.interestCapped ? percent(facts.loan.dailyRate) : null,
    interestPerDay: formatPence(oneDay.totalInterestPence),
    dailyRateCap: percent(HCSTC_DAILY_RATE_CAP),
    costCap: formatPence(costCapPence),
    mostEverPayable: formatPence(amountPence + costCapPence),
    defaultFeeMax: formatPounds(DEFAULT_FEE_MAX_PENCE),
    /** What the cost cap leaves for a default fee on this loan, when that is below the maximum; else null. */
    defaultFeeLimited:
      defaultFeePence(price) < DEFAULT_FEE_MAX_PENCE ? formatPounds(defaultFeePence(price)) : null,
  };
}

export type LoanFigures = ReturnType<typeof loanFigures>;
