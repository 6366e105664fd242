import type { IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import { annualPercentageRate, yearsBetween } from '@lender/contract/pricing/apr';
import { positionOf, type LedgerRow, type LoanTerms, type Position } from './ledger';

/**
 * The most that may settle the credit on `date` under the Consumer Credit (Early Settlement)
 * Regulations 2004, reg 4 (docs/decisions/053): the advance carried forward to that day at the
 * agreement's APR, less each repayment of credit carried forward the same way. The creditor must allow a
 * rebate at least down to it (reg 2). Unrounded pence; null where it is not worked out here: before the
 * advance, and for a loan whose plan was changed (its modifying agreement is priced from its own day, and
 * the ledger's own figure is kept for it until that is built).
 *
 * Default fees are not in the total charge for credit: what pays them is not a repayment of credit. They
 * are taken out of the latest payments, which keeps the ceiling the lower of the two readings.
 */
export function settlementCeiling(
  terms: LoanTerms,
  rows: readonly LedgerRow[],
  date: IsoDate,
): number | null {
  const kept = effectiveRows(rows);
  if (kept.some((r) => r.type === 'reschedule')) return null;
  const advances = kept.filter((r) => r.type === 'advance' && r.onDate <= date);
  if (advances.length === 0 || terms.instalments.length === 0) return null;
  const apr = annualPercentageRate({
    drawdowns: advances.map((r) => ({ date: r.onDate, amountPence: r.amountPence })),
    repayments: terms.instalments.map((i) => ({ date: i.dueDate, amountPence: i.paymentPence })),
  });
  const grow = (from: IsoDate) => Math.pow(1 + apr, yearsBetween(from, date));
  // Payments made up to the day (an earlier one the same day counts, carried forward by nothing).
  const payments = kept.filter(
    (r) =>
      (r.type === 'instalment' || r.type === 'card-payment' || r.type === 'bank-transfer') &&
      r.onDate <= date,
  );
  const then = positionOf(terms, rows, date);
  let feesPaid = then.feesChargedPence - then.feesDuePence;
  let ceiling = advances.reduce((sum, r) => sum + r.amountPence * grow(r.onDate), 0);
  for (const r of [...payments].reverse()) {
    const toFees = Math.min(feesPaid, r.amountPence);
    feesPaid -= toFees;
    ceiling -= (r.amountPence - toFees) * grow(r.onDate);
  }
  return ceiling;
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
