import { expect } from 'vitest';
import { addDays, type IsoDate } from '@lender/contract/dates';
import { HCSTC_DAILY_RATE_CAP, priceLoan } from '@lender/contract/pricing/pricing';
import { costCapPence, interestFor, positionOf, type LedgerRow, type LoanTerms } from './ledger';
import { collectionDue, defaultFeeDue, type Attempt } from './servicing-rules';

/**
 * Test support: the close of business in miniature over the ledger's rules, for the property tests of
 * the ledger and of rescheduling. Not used by the product.
 */

export const FUNDED = '2026-01-05';

/** A loan priced by the engine, as signed: drawdown `FUNDED`, instalments every `gap` days. */
export function signedLoan(principalPence: number, count: number, gap: number, dailyRate = 0.008) {
  const dates = Array.from({ length: count }, (_, k) => addDays(FUNDED, gap * (k + 1)));
  const price = priceLoan({ principalPence, drawdownDate: FUNDED, repaymentDates: dates, dailyRate });
  const terms: LoanTerms = {
    principalPence,
    dailyRate: price.dailyRate,
    instalments: price.schedule.map((line, k) => ({
      seq: k + 1,
      dueDate: line.date,
      paymentPence: line.paymentPence,
    })),
  };
  return { terms, price };
}

/** A new schedule the day takes on (a reschedule): its terms, and whether fees are frozen under it. */
export type NewTerms = { terms: LoanTerms; feesFrozen: boolean };

export type Day = {
  cardPaymentPence?: number;
  cardDeclines?: boolean;
  /** During the day, after any card payment: a new schedule, or null to keep the current one. */
  reschedule?: (terms: LoanTerms, rows: readonly LedgerRow[], date: IsoDate) => NewTerms | null;
};

/**
 * Day by day from the advance: card payments made during the day, a reschedule, then the day's interest,
 * one CPA collection, the default fee. Checks every cap and the ledger's balance at the end of each day.
 */
export function simulate(
  signed: LoanTerms,
  scheduledInterestPence: number,
  days: number,
  plan: (date: IsoDate, k: number) => Day,
) {
  let terms = signed;
  let feesFrozen = false;
  const rows: LedgerRow[] = [];
  const attempts: Attempt[] = [];
  let id = 0;
  const post = (type: LedgerRow['type'], amountPence: number, onDate: IsoDate) => {
    if (amountPence > 0 || type === 'reschedule')
      rows.push({ id: ++id, type, amountPence, onDate, reversesId: null });
  };
  post('advance', terms.principalPence, FUNDED);
  let allowedInterest = 0; // the cap's allowance so far: 0.8% a day of the principal owed at each close
  for (let k = 1; k <= days; k++) {
    const date = addDays(FUNDED, k);
    const today = plan(date, k);
    const owed = positionOf(terms, rows).totalDuePence;
    if (today.cardPaymentPence) post('card-payment', Math.min(today.cardPaymentPence, owed), date);
    const replaced = today.reschedule?.(terms, rows, date);
    if (replaced) {
      ({ terms, feesFrozen } = replaced);
      post('reschedule', 0, date);
    }

    const afterPayments = positionOf(terms, rows);
    allowedInterest += afterPayments.principalPence * HCSTC_DAILY_RATE_CAP;
    post('interest', interestFor(terms, afterPayments, date), date);

    const collection = collectionDue(terms, positionOf(terms, rows), attempts, date);
    if (collection) {
      const outcome = today.cardDeclines ? 'declined' : 'approved';
      attempts.push({ seq: collection.seq, attempt: collection.attempt, onDate: date, outcome });
      if (outcome === 'approved') post('instalment', collection.amountPence, date);
    }
    if (!feesFrozen) {
      const fee = defaultFeeDue(terms, positionOf(terms, rows), date, {
        afterDays: 7,
        scheduledInterestPence,
      });
      post('default-fee', fee, date);
    }

    const p = positionOf(terms, rows);
    // The caps, at the end of every day.
    expect(p.interestChargedPence).toBeLessThanOrEqual(Math.floor(allowedInterest + 1e-6));
    expect(p.feesChargedPence).toBeLessThanOrEqual(1500);
    expect(p.interestChargedPence + p.feesChargedPence).toBeLessThanOrEqual(costCapPence(terms));
    // The ledger balances to the penny: what was lent and charged, less what was paid, is what is owed.
    expect(p.advancedPence + p.interestChargedPence + p.feesChargedPence - p.paidPence + p.creditPence).toBe(
      p.totalDuePence,
    );
    expect(p.creditPence).toBe(0);
    for (const value of [p.principalPence, p.interestDuePence, p.feesDuePence]) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(value)).toBe(true);
    }
  }
  return { rows, attempts, terms, position: positionOf(terms, rows) };
}
