import { QUOTE_REPAYMENT_WINDOW } from '../constants';
import { daysBetween, isWeekend, londonToday, type IsoDate } from '../dates';
import type { Pence } from '../money';
import { isBankHoliday } from './bank-holidays';
import { priceLoan, type LoanPrice } from './pricing';
import { enableDateFor, isWageFrequencyId, repaymentDates } from './repayment-dates';

export type QuoteInput = {
  amountPence: Pence;
  period: number;
  repaymentDate: IsoDate;
  wageFrequencyId: number;
  dailyRate: number;
  today?: IsoDate;
};

export type QuoteResult = LoanPrice & { repaymentDate: IsoDate; dates: IsoDate[] };

/** Why a repayment start date is refused, or null when it is fine. */
export function repaymentDateProblem(
  date: IsoDate,
  window: { minDays: number; maxDays: number } = QUOTE_REPAYMENT_WINDOW,
  today: IsoDate = londonToday(),
): string | null {
  const offset = daysBetween(today, date);
  if (offset < window.minDays || offset > window.maxDays) return 'outside-window';
  if (isWeekend(date) || isBankHoliday(date)) return 'not-a-working-day';
  return null;
}

/**
 * Prices a quote the way the customer sees it: drawdown today, instalments on the wage frequency's
 * dates from the chosen start. A frequency with a fixed date (`enableDate`) always uses that date.
 */
export function buildQuote(input: QuoteInput): QuoteResult {
  const today = input.today ?? londonToday();
  if (!isWageFrequencyId(input.wageFrequencyId)) throw new RangeError('Unknown wage frequency');
  const fixed = enableDateFor(input.wageFrequencyId, today);
  const repaymentDate = fixed ?? input.repaymentDate;
  const dates = repaymentDates({
    firstDate: repaymentDate,
    count: input.period,
    wageFrequencyId: input.wageFrequencyId,
  });
  const price = priceLoan({
    principalPence: input.amountPence,
    drawdownDate: today,
    repaymentDates: dates,
    dailyRate: input.dailyRate,
  });
  return { ...price, repaymentDate, dates };
}

/** 'Repay over' as the quote screen shows it. */
export const repayOverText = (period: number) => (period === 1 ? '1 month' : `${period} months`);
