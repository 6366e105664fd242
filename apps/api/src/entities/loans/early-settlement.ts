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
 * The most that may settle the credit on `date` under the Consumer Credit (Early Settlement)
 * Regulations 2004, reg 4 (docs/decisions/053): the advance carried forward to that day at the
 * agreement's APR, less each repayment of credit carried forward the same way. The creditor must allow a
 * rebate at least down to it (reg 2). Unrounded pence; null before the advance. A changed plan is a
 * modifying agreement: its ceiling runs from the plan's day, on the credit and interest then owed, at the
 * APR of the plan's instalments (docs/decisions/053); null for a plan at no interest, where the ledger
 * charges nothing more and its figure stands.
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
  const plan = kept.filter((r) => r.type === 'reschedule').at(-1);
  const total = (list: readonly { amountPence: number }[]) => list.reduce((s, r) => s + r.amountPence, 0);
  const now = positionOf(terms, rows, date);
  const feesPaid = (p: Position) => p.feesChargedPence - p.feesDuePence;
  let credit: { date: IsoDate; amountPence: number }[];
  let repayments: { date: IsoDate; amountPence: number }[];
  let paidSince: LedgerRow[];
  let feesPaidSince: number;
  if (!plan) {
    // As signed: the advance, and the signed instalments.
    credit = kept
      .filter((r) => r.type === 'advance' && r.onDate <= date)
      .map((r) => ({ date: r.onDate, amountPence: r.amountPence }));
    repayments = terms.instalments.map((i) => ({ date: i.dueDate, amountPence: i.paymentPence }));
    paidSince = kept.filter((r) => PAYMENT_TYPES.includes(r.type) && r.onDate <= date);
    feesPaidSince = feesPaid(now);
  } else {
    // A changed plan: the credit and charges owed on its day, repaid by its instalments (less the fees
    // then due, which they pay first); payments before it are the earlier agreement's.
    if (plan.onDate > date) return null;
    const then = positionOf(
      terms,
      kept.filter((r) => r.id < plan.id),
    );
    credit = [{ date: plan.onDate, amountPence: then.principalPence + then.interestDuePence }];
    let fees = then.feesDuePence;
    repayments = terms.instalments.map((i) => {
      const toFees = Math.min(fees, i.paymentPence);
      fees -= toFees;
      return { date: i.dueDate, amountPence: i.paymentPence - toFees };
    });
    paidSince = kept.filter((r) => PAYMENT_TYPES.includes(r.type) && r.id > plan.id && r.onDate <= date);
    feesPaidSince = feesPaid(now) - feesPaid(then);
  }
  repayments = repayments.filter((r) => r.amountPence > 0);
  // Repayments that do not exceed the credit (a plan at no interest, something written off) have no APR
  // to carry it by: the ledger's own figure stands.
  if (credit.length === 0 || total(repayments) <= total(credit)) return null;
  const apr = annualPercentageRate({ drawdowns: credit, repayments });
  const grow = (from: IsoDate) => Math.pow(1 + apr, yearsBetween(from, date));
  return netOfFees(paidSince, feesPaidSince).reduce(
    (ceiling, r) => ceiling - r.amountPence * grow(r.onDate),
    credit.reduce((sum, r) => sum + r.amountPence * grow(r.date), 0),
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
