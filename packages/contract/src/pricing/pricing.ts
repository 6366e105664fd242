import { dayNumber, isIsoDate, type IsoDate } from '../dates';
import type { Pence } from '../money';
import { aprPercent } from './apr';

/** FCA price cap for high-cost short-term credit (CONC 5A): interest and fees per day on the amount owed. */
export const HCSTC_DAILY_RATE_CAP = 0.008;
/** FCA total cost cap: interest and fees together never more than the amount borrowed. */
export const HCSTC_TOTAL_COST_CAP_SHARE = 1;

export type PriceCapBreach = 'dailyRate' | 'totalCost';

/** A quote that would break the FCA price cap; the engine never returns one. */
export class PriceCapError extends Error {
  override readonly name = 'PriceCapError';
  readonly breach: PriceCapBreach;
  constructor(breach: PriceCapBreach, message: string) {
    super(message);
    this.breach = breach;
  }
}

export type ScheduleLine = {
  date: IsoDate;
  paymentPence: Pence;
  /** The interest this payment settles (which may include interest a short earlier payment left unpaid). */
  interestPence: Pence;
  principalPence: Pence;
  /** The interest charged for the period ending on this date: at most rate x principal owed x days. */
  interestChargedPence: Pence;
};

export type LoanPrice = {
  /** Every instalment but the last, which absorbs the rounding. */
  instalmentPence: Pence;
  schedule: ScheduleLine[];
  totalInterestPence: Pence;
  totalRepayablePence: Pence;
  aprPercent: number;
  /** The daily rate the schedule was priced at: the one asked for, or lower when interest was capped. */
  dailyRate: number;
  interestCapped: boolean;
  /**
   * What the 100% total cost cap still allows on top of this schedule's interest: the most that every
   * later charge together (default fees, interest after a missed payment) may ever add.
   */
  costCapRoomPence: Pence;
};

/** CONC 5A.2.3R: a default fee is at most £15 (and, like all charges, within the total cost cap). */
export const DEFAULT_FEE_MAX_PENCE = 1500;

/**
 * The default fee servicing may charge now: £15, or less when the total cost cap has less room left after
 * the schedule's interest and the charges already made (never negative).
 */
export function defaultFeePence(
  price: Pick<LoanPrice, 'costCapRoomPence'>,
  chargedSincePence: Pence = 0,
): Pence {
  return Math.max(0, Math.min(DEFAULT_FEE_MAX_PENCE, price.costCapRoomPence - chargedSincePence));
}

export type PriceLoanInput = {
  principalPence: Pence;
  drawdownDate: IsoDate;
  repaymentDates: IsoDate[];
  dailyRate: number;
  /**
   * true (default): when the total cost cap binds, lower the daily rate just enough that total interest is
   * at most the principal. false: throw PriceCapError('totalCost') instead.
   */
  capInterest?: boolean;
  /**
   * The most interest the schedule may charge when less than the principal: a rescheduled loan's room
   * under the 100% cap after what it was already charged (CONC 5A.2.10R counts every plan together).
   */
  maxInterestPence?: Pence;
};

/** Half a penny rounds up; the epsilon absorbs binary noise such as 12.4999999999 for an exact 12.5. */
const roundPence = (x: number): Pence => Math.floor(x + 0.5 + 1e-6);

/**
 * Interest is rounded down to the penny: the daily cap is a hard maximum, so a period may never charge
 * even a fraction of a penny above rate x owed x days. The fraction is dropped, not carried: carrying it
 * into the next period would push that period over its own cap. The epsilon only absorbs binary noise
 * (7199.9999999 for an exact 7200); at a rate of whole thousandths a fraction is at least 0.001p, far
 * above it, so it can never round a real fraction up.
 */
const interestPence = (x: number): Pence => Math.floor(x + 1e-7);

/**
 * Interest on `principalPence` for `days` days at `dailyRate`, rounded down as the schedule rounds it:
 * what servicing accrues, so a loan repaid on time is charged exactly the interest it was priced at.
 */
export const accruedInterestPence = (principalPence: Pence, dailyRate: number, days: number): Pence =>
  days <= 0 || principalPence <= 0 ? 0 : interestPence(principalPence * dailyRate * days);

type Line = { interest: number; paid: number; principal: number };

/**
 * One pass over the plan paying `payment` on every date but the last, which pays what is left; returns
 * that last payment and, when given `lines`, fills it with every period. Interest accrues each day on the
 * principal still owed, is rounded down (when `round`) once per period, and each payment pays interest
 * first. When a long period's interest exceeds a payment, the unpaid interest waits for the next payment
 * without earning interest itself: the cap allows 0.8% a day of the principal only.
 */
function run(
  principal: number,
  dailyRate: number,
  periodDays: number[],
  payment: number,
  round: boolean,
  lines?: Line[],
): number {
  let balance = principal;
  let unpaidInterest = 0;
  let paid = 0;
  for (let k = 0; k < periodDays.length; k++) {
    const accrued = balance * dailyRate * periodDays[k]!;
    const interest = round ? interestPence(accrued) : accrued;
    const due = unpaidInterest + interest;
    paid = k === periodDays.length - 1 ? balance + due : payment;
    const interestPaid = Math.min(paid, due);
    unpaidInterest = due - interestPaid;
    balance -= paid - interestPaid;
    lines?.push({ interest, paid, principal: paid - interestPaid });
  }
  return paid;
}

/**
 * The level payment equal to the last one, unrounded. When every payment covers its period's interest
 * (the usual case, checked) this is the annuity P * prod(1 + r*d_j) / sum over k of prod_{j>k}(1 + r*d_j).
 * Otherwise bisection, which also covers unpaid interest: the last payment falls as the level payment
 * rises, so the root is unique. Its passes keep no lines: it runs up to 200 of them, and up to 60
 * schedules are priced when the cost cap binds.
 */
function exactLevelInstalment(principalPence: Pence, dailyRate: number, periodDays: number[]): number {
  let growth = 1;
  let sumOfLaterGrowth = 0;
  for (let k = periodDays.length - 1; k >= 0; k--) {
    sumOfLaterGrowth += growth;
    growth *= 1 + dailyRate * periodDays[k]!;
  }
  const annuity = (principalPence * growth) / sumOfLaterGrowth;
  const lines: Line[] = [];
  run(principalPence, dailyRate, periodDays, annuity, false, lines);
  if (lines.every((line, k) => k === lines.length - 1 || line.paid >= line.interest)) return annuity;

  const totalDays = periodDays.reduce((a, b) => a + b, 0);
  let low = 0;
  let high = principalPence * (1 + dailyRate * totalDays);
  for (let step = 0; step < 200 && high - low > 1e-9; step++) {
    const mid = (low + high) / 2;
    if (run(principalPence, dailyRate, periodDays, mid, false) > mid) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

function schedule(principalPence: Pence, dailyRate: number, dates: IsoDate[], periodDays: number[]) {
  const instalmentPence = roundPence(exactLevelInstalment(principalPence, dailyRate, periodDays));
  const lines: Line[] = [];
  run(principalPence, dailyRate, periodDays, instalmentPence, true, lines);
  return {
    instalmentPence,
    // The schedule reports the interest each payment settles, so a line never shows negative principal.
    lines: lines.map((line, k): ScheduleLine => ({
      date: dates[k] as IsoDate,
      paymentPence: line.paid,
      interestPence: line.paid - line.principal,
      principalPence: line.principal,
      interestChargedPence: line.interest,
    })),
    totalInterestPence: lines.reduce((sum, line) => sum + line.interest, 0),
  };
}

function assertInput(input: PriceLoanInput): number[] {
  const { principalPence, drawdownDate, repaymentDates, dailyRate } = input;
  if (!Number.isSafeInteger(principalPence) || principalPence <= 0) {
    throw new RangeError(`principalPence must be a positive whole number of pence, got ${principalPence}`);
  }
  if (!Number.isFinite(dailyRate) || dailyRate < 0)
    throw new RangeError(`dailyRate must be >= 0, got ${dailyRate}`);
  if (!isIsoDate(drawdownDate)) throw new RangeError(`drawdownDate must be yyyy-MM-dd, got ${drawdownDate}`);
  if (repaymentDates.length === 0) throw new RangeError('at least one repayment date is needed');
  let previous = dayNumber(drawdownDate);
  return repaymentDates.map((date) => {
    if (!isIsoDate(date)) throw new RangeError(`repayment date must be yyyy-MM-dd, got ${date}`);
    const day = dayNumber(date);
    if (day - previous < 1) {
      throw new RangeError(`repayment dates must be after the drawdown and increasing: ${date}`);
    }
    const days = day - previous;
    previous = day;
    return days;
  });
}

/**
 * Prices a loan with simple daily interest on the outstanding principal and level instalments (rounded to
 * the penny, the last one absorbing the difference). A daily rate above the FCA cap throws PriceCapError;
 * a total cost above the cap is capped (default) or throws, so a returned quote never breaks either cap.
 */
export function priceLoan(input: PriceLoanInput): LoanPrice {
  const periodDays = assertInput(input);
  const { principalPence, drawdownDate, repaymentDates, dailyRate, capInterest = true } = input;
  if (dailyRate > HCSTC_DAILY_RATE_CAP) {
    throw new PriceCapError('dailyRate', `daily rate ${dailyRate} is above the ${HCSTC_DAILY_RATE_CAP} cap`);
  }
  const costCapPence = Math.min(
    principalPence * HCSTC_TOTAL_COST_CAP_SHARE,
    Math.max(0, input.maxInterestPence ?? Number.POSITIVE_INFINITY),
  );

  let rate = dailyRate;
  let priced = schedule(principalPence, rate, repaymentDates, periodDays);
  const interestCapped = priced.totalInterestPence > costCapPence;
  if (interestCapped) {
    if (!capInterest) {
      throw new PriceCapError(
        'totalCost',
        `total interest ${priced.totalInterestPence}p would exceed the cap of ${costCapPence}p`,
      );
    }
    // The highest rate whose rounded schedule stays within the cap. `low` always satisfies the cap, so the
    // answer is compliant even where penny rounding makes interest not quite monotonic in the rate.
    let low = 0;
    let high = dailyRate;
    for (let step = 0; step < 60; step++) {
      const mid = (low + high) / 2;
      if (schedule(principalPence, mid, repaymentDates, periodDays).totalInterestPence <= costCapPence)
        low = mid;
      else high = mid;
    }
    rate = low;
    priced = schedule(principalPence, rate, repaymentDates, periodDays);
  }

  const totalRepayablePence = principalPence + priced.totalInterestPence;
  return {
    instalmentPence: priced.instalmentPence,
    schedule: priced.lines,
    totalInterestPence: priced.totalInterestPence,
    totalRepayablePence,
    aprPercent: aprPercent({
      drawdowns: [{ date: drawdownDate, amountPence: principalPence }],
      repayments: priced.lines.map((line) => ({ date: line.date, amountPence: line.paymentPence })),
    }),
    dailyRate: rate,
    interestCapped,
    costCapRoomPence: costCapPence - priced.totalInterestPence,
  };
}
