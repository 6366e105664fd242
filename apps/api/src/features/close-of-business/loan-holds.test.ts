import { addDays } from '@lender/contract/dates';
import { describe, expect, it } from 'vitest';
import { positionOf } from '../../entities/loans/ledger';
import { FUNDED, signedLoan } from '../../entities/loans/ledger-simulation';
import { feeAllowed, interestDayOf, interestFreeOn, type Hold } from './loan-holds';

// One instalment 30 days after the advance, never paid.
const { terms } = signedLoan(30_000, 1, 30);
const position = positionOf(terms, [
  { id: 1, type: 'advance', amountPence: 30_000, onDate: FUNDED, reversesId: null },
]);
const due = terms.instalments[0]!.dueDate;
const late = (from: string, to: string | null): Hold => ({
  lateStatements: [{ periodSeq: 1, periodEnd: addDays(from, -31), from, to }],
});

describe('a late annual statement as a hold on the close of business (s77A(6)(b), (c))', () => {
  it('takes its days out of interest, and the day after charges one day, not the ones missed', () => {
    const hold = late(addDays(FUNDED, 10), addDays(FUNDED, 14));
    expect(interestFreeOn(hold, addDays(FUNDED, 9))).toBe(false);
    expect(interestFreeOn(hold, addDays(FUNDED, 10))).toBe(true);
    expect(interestFreeOn(hold, addDays(FUNDED, 14))).toBe(true);
    expect(interestFreeOn(hold, addDays(FUNDED, 15))).toBe(false);
    expect(interestDayOf(hold, position, addDays(FUNDED, 15))).toBe(addDays(FUNDED, 10));
    expect(interestFreeOn(late(addDays(FUNDED, 10), null), addDays(FUNDED, 400))).toBe(true);
  });

  it('no default fee on its days, nor later for a payment missed in it; one missed before is another matter', () => {
    const feeDay = addDays(due, 7);
    expect(feeAllowed(undefined, terms, position, feeDay)).toBe(true);
    expect(feeAllowed(late(feeDay, null), terms, position, feeDay)).toBe(false);
    // The payment fell due inside the period, the fee after it: still none (c)(ii).
    expect(feeAllowed(late(addDays(due, -1), addDays(due, 1)), terms, position, feeDay)).toBe(false);
    // The period ended before the payment was missed: the fee stands.
    expect(feeAllowed(late(addDays(due, -5), addDays(due, -1)), terms, position, feeDay)).toBe(true);
  });
});
