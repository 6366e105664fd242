import type { IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import { annualPercentageRate, yearsBetween } from '@lender/contract/pricing/apr';
import { positionOf, type LedgerRow, type LoanTerms, type Position } from './ledger';

/** What repays credit: the ledger's payments of every kind. */
const PAYMENT_TYPES: readonly LedgerRow['type'][] = ['instalment', 'card-payment', 'bank-transfer'];

/**
 * Each payment less what of it paid default fees (not in the total charge for credit, so not a repayment
 * of credit), the fees taken out of the latest payments first: the lower reading of the two.
 */
function netOfFees<T extends { amountPence: number }>(payments: readonly T[], feesPaidPence: number): T[] {
  let fees = feesPaidPence;
  return [...payments]
    .reverse()
    .map((p) => {
      const toFees = Math.min(fees, p.amountPence);
      fees -= toFees;
      return { ...p, amountPence: p.amountPence - toFees };
    })
    .reverse();
}

/**
 * The repayments of credit the agreement provides for, for its APR. As signed: the signed instalments.
 * After a new plan (a reschedule, refinance or forbearance plan is a modifying agreement, which s82(2)
 * treats as revoking the earlier agreement and reproducing the combined effect of the two): the payments
 * made before the plan, then the plan's instalments, less what of them pays default fees already due.
 */
function agreedRepayments(terms: LoanTerms, kept: readonly LedgerRow[]) {
  const plan = kept.filter((r) => r.type === 'reschedule').at(-1);
  const instalments = terms.instalments.map((i) => ({ date: i.dueDate, amountPence: i.paymentPence }));
  if (!plan) return instalments;
  // Rows before the plan's own row: a payment made the same day before it (the amount paid with a plan).
  const before = kept.filter((r) => r.id < plan.id);
  const then = positionOf(terms, before);
  const paid = netOfFees(
    before
      .filter((r) => PAYMENT_TYPES.includes(r.type))
      .map((r) => ({ date: r.onDate, amountPence: r.amountPence })),
    then.feesChargedPence - then.feesDuePence,
  );
  // The fees due when the plan was made are paid first from its payments, as every payment is allocated.
  let fees = then.feesDuePence;
  const planned = instalments.map((i) => {
    const toFees = Math.min(fees, i.amountPence);
    fees -= toFees;
    return { ...i, amountPence: i.amountPence - toFees };
  });
  return [...paid, ...planned].filter((r) => r.amountPence > 0);
}

/**
 * The most that may settle the credit on `date` under the Consumer Credit (Early Settlement)
 * Regulations 2004, reg 4 (docs/decisions/053): the advance carried forward to that day at the
 * agreement's APR, less each repayment of credit carried forward the same way. The creditor must allow a
 * rebate at least down to it (reg 2). Unrounded pence; null before the advance. For a loan whose plan was
 * changed, the agreement is the combined one (s82(2), `agreedRepayments`): its APR from the advance, the
 * payments made before the plan and the plan's instalments.
 *
 * Default fees are not in the total charge for credit: what pays them is not a repayment of credit. They
 * are taken out of the latest payments, which keeps the ceiling the lower of the two readings.
 */
export function settlementCeiling(
  terms: LoanTerms,
  rows: readonly LedgerRow[],
  date: IsoDate,
): number | null {
  // Asked several times a request for the same loan and day (each figure that names it): worked once
  // per change of its rows or plan, as positionOf keeps its folds (rows only grow).
  const last = rows[rows.length - 1];
  let kept = ceilings.get(rows);
  if (!kept || kept.length !== rows.length || kept.last !== last || kept.instalments !== terms.instalments) {
    kept = { length: rows.length, last, instalments: terms.instalments, byDate: new Map() };
    ceilings.set(rows, kept);
  }
  if (kept.byDate.has(date)) return kept.byDate.get(date)!;
  const ceiling = ceilingOf(terms, rows, date);
  kept.byDate.set(date, ceiling);
  return ceiling;
}

const ceilings = new WeakMap<
  readonly LedgerRow[],
  {
    length: number;
    last: LedgerRow | undefined;
    instalments: LoanTerms['instalments'];
    byDate: Map<IsoDate, number | null>;
  }
>();

function ceilingOf(terms: LoanTerms, rows: readonly LedgerRow[], date: IsoDate): number | null {
  const kept = effectiveRows(rows);
  const advances = kept.filter((r) => r.type === 'advance' && r.onDate <= date);
  if (advances.length === 0 || terms.instalments.length === 0) return null;
  const repayments = agreedRepayments(terms, kept);
  // Repayments that do not exceed the credit (something written off) have no APR to carry it by: the
  // ledger's own figure stands.
  const total = (list: readonly { amountPence: number }[]) => list.reduce((s, r) => s + r.amountPence, 0);
  if (total(repayments) <= total(advances)) return null;
  const apr = annualPercentageRate({
    drawdowns: advances.map((r) => ({ date: r.onDate, amountPence: r.amountPence })),
    repayments,
  });
  const grow = (from: IsoDate) => Math.pow(1 + apr, yearsBetween(from, date));
  // Payments made up to the day (an earlier one the same day counts, carried forward by nothing).
  const payments = kept.filter((r) => PAYMENT_TYPES.includes(r.type) && r.onDate <= date);
  const then = positionOf(terms, rows, date);
  const credit = netOfFees(payments, then.feesChargedPence - then.feesDuePence);
  return credit.reduce(
    (ceiling, r) => ceiling - r.amountPence * grow(r.onDate),
    advances.reduce((sum, r) => sum + r.amountPence * grow(r.onDate), 0),
  );
}

export type Settlement = {
  /** What settles the loan on the day: the ledger's balance, or less where the Regulations' ceiling is lower. */
  settlementPence: Pence;
  /** The interest given back for settling early: the ledger's balance less the settlement figure. */
  rebatePence: Pence;
};

/**
 * What settles the loan if paid on `date` (during the day, before its interest): principal and interest
 * owed, never above the Regulations' ceiling (to the nearest penny), plus unpaid default fees.
 */
export function settlementOn(
  terms: LoanTerms,
  rows: readonly LedgerRow[],
  date: IsoDate,
  position: Position = positionOf(terms, rows),
): Settlement {
  const credit = position.principalPence + position.interestDuePence;
  const ceiling = position.interestDuePence > 0 ? settlementCeiling(terms, rows, date) : null;
  // Interest only is given back: the principal lent is always repaid (the ceiling stays above it but
  // for loans whose rate the cap cut, where the two are pennies apart).
  const settled =
    ceiling === null ? credit : Math.max(position.principalPence, Math.min(credit, Math.round(ceiling)));
  return { settlementPence: settled + position.feesDuePence, rebatePence: credit - settled };
}

/** The rows that count: a reversal takes itself and the row it reverses out. */
function effectiveRows(rows: readonly LedgerRow[]): LedgerRow[] {
  const reversed = new Set(rows.filter((r) => r.type === 'reversal').map((r) => r.reversesId));
  return rows.filter((r) => r.type !== 'reversal' && !reversed.has(r.id));
}
