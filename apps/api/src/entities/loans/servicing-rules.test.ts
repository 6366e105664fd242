import { describe, expect, it } from 'vitest';
import { positionOf, type LedgerRow, type LoanTerms } from './ledger';
import { collectionDue, defaultNoticeDue, s86bTrigger, type Attempt } from './servicing-rules';

const terms = (payments: [string, number][]): LoanTerms => ({
  principalPence: 30_000,
  dailyRate: 0.008,
  instalments: payments.map(([dueDate, paymentPence], k) => ({ seq: k + 1, dueDate, paymentPence })),
});
const advance: LedgerRow = {
  id: 1,
  type: 'advance',
  amountPence: 30_000,
  onDate: '2026-01-01',
  reversesId: null,
};
const paid = (amountPence: number, onDate: string, id = 9): LedgerRow => ({
  id,
  type: 'instalment',
  amountPence,
  onDate,
  reversesId: null,
});
const MONTHLY = terms([
  ['2026-02-01', 13_000],
  ['2026-03-01', 13_000],
  ['2026-04-01', 13_000],
]);

describe('collectionDue (CONC 7.6.13, 7.6.14)', () => {
  const position = positionOf(MONTHLY, [advance]);
  it('asks for the whole instalment on its due date, not before', () => {
    expect(collectionDue(MONTHLY, position, [], '2026-01-31')).toBeNull();
    expect(collectionDue(MONTHLY, position, [], '2026-02-01')).toEqual({
      seq: 1,
      attempt: 1,
      amountPence: 13_000,
    });
  });
  it('makes the second attempt only on a later day, and none after two declines', () => {
    const once: Attempt[] = [{ seq: 1, attempt: 1, onDate: '2026-02-01', outcome: 'declined' }];
    expect(collectionDue(MONTHLY, position, once, '2026-02-01')).toBeNull();
    expect(collectionDue(MONTHLY, position, once, '2026-02-02')).toMatchObject({ seq: 1, attempt: 2 });
    const twice: Attempt[] = [...once, { seq: 1, attempt: 2, onDate: '2026-02-02', outcome: 'declined' }];
    expect(collectionDue(MONTHLY, position, twice, '2026-02-09')).toBeNull();
  });
  it('never replaces an attempt the provider has not answered', () => {
    const unanswered: Attempt[] = [{ seq: 1, attempt: 1, onDate: '2026-02-01', outcome: 'unavailable' }];
    expect(collectionDue(MONTHLY, position, unanswered, '2026-02-05')).toBeNull();
  });
});

describe('s86bTrigger (which loans the notice of sums in arrears reaches)', () => {
  it('never for a one-instalment loan, however late', () => {
    const single = terms([['2026-02-01', 37_000]]);
    expect(s86bTrigger(single, positionOf(single, [advance]), '2026-12-01')).toBeNull();
  });
  it('for monthly instalments: after two missed payments, not one', () => {
    const none = positionOf(MONTHLY, [advance]);
    expect(s86bTrigger(MONTHLY, none, '2026-02-15')).toBeNull();
    expect(s86bTrigger(MONTHLY, none, '2026-03-01')).toBe('2026-02-01');
    // One of the two paid: the shortfall is less than the last two payments.
    const onePaid = positionOf(MONTHLY, [advance, paid(13_000, '2026-02-01')]);
    expect(s86bTrigger(MONTHLY, onePaid, '2026-03-01')).toBeNull();
  });
  it('for weekly instalments: after four', () => {
    const weekly = terms(
      ['2026-01-08', '2026-01-15', '2026-01-22', '2026-01-29', '2026-02-05'].map((d) => [d, 7000]),
    );
    const none = positionOf(weekly, [advance]);
    expect(s86bTrigger(weekly, none, '2026-01-22')).toBeNull();
    expect(s86bTrigger(weekly, none, '2026-01-29')).toBe('2026-01-08');
  });
});

describe('defaultNoticeDue (s87, s88)', () => {
  it('after the set days in arrears, with at least 14 days to remedy', () => {
    const none = positionOf(MONTHLY, [advance]);
    const settings = { noticeAfterDays: 28, remedyDays: 16 };
    expect(defaultNoticeDue(MONTHLY, none, '2026-02-28', settings)).toBeNull();
    expect(defaultNoticeDue(MONTHLY, none, '2026-03-01', settings)).toEqual({ remedyBy: '2026-03-17' });
  });
});
