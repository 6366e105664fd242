import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '@lender/contract/dates';
import {
  arrearsPence,
  instalmentStates,
  interestFor,
  positionOf,
  positionsAlong,
  type LedgerRow,
} from './ledger';
import { FUNDED, signedLoan, simulate } from './ledger-simulation';

describe('the ledger', () => {
  it('a loan repaid on time by CPA is charged exactly its schedule, and settles on the last due date', () => {
    // Independent figures: £100 for 30 days at 0.8% a day is £24 of interest, £124 in one payment.
    const { terms, price } = signedLoan(10_000, 1, 30);
    expect(price.totalRepayablePence).toBe(12_400);
    const { position, rows } = simulate(terms, price.totalInterestPence, 40, () => ({}));
    expect(position.interestChargedPence).toBe(2400);
    expect(position.totalDuePence).toBe(0);
    expect(rows.filter((r) => r.type === 'instalment').map((r) => [r.onDate, r.amountPence])).toEqual([
      ['2026-02-04', 12_400],
    ]);
    expect(instalmentStates(terms, position).every((i) => i.isPaid)).toBe(true);
  });

  it('an instalment loan repaid on time pays each signed instalment and the schedule’s interest to the penny', () => {
    const { terms, price } = signedLoan(50_000, 4, 30);
    const { position, rows } = simulate(terms, price.totalInterestPence, 130, () => ({}));
    expect(position.interestChargedPence).toBe(price.totalInterestPence);
    expect(rows.filter((r) => r.type === 'instalment').map((r) => r.amountPence)).toEqual(
      price.schedule.map((line) => line.paymentPence),
    );
    expect(position.totalDuePence).toBe(0);
  });

  it('paid late: two declined attempts, the £15 fee after 7 days, interest at the contract rate meanwhile', () => {
    // £100, due day 30 (2026-02-04), both attempts declined (days 30 and 31); paid in full by card on day 40.
    const { terms, price } = signedLoan(10_000, 1, 30);
    const { position, rows, attempts } = simulate(terms, price.totalInterestPence, 45, (date, k) =>
      k < 40 ? { cardDeclines: true } : k === 40 ? { cardPaymentPence: 1_000_000 } : {},
    );
    expect(attempts.map((a) => [a.onDate, a.attempt, a.outcome])).toEqual([
      ['2026-02-04', 1, 'declined'],
      ['2026-02-05', 2, 'declined'],
    ]);
    expect(rows.find((r) => r.type === 'default-fee')).toMatchObject({
      amountPence: 1500,
      onDate: '2026-02-11',
    });
    // Independently: 39 closed days of 80p before the payment on day 40 (2026-02-14), plus the £15 fee.
    const payment = rows.find((r) => r.type === 'card-payment')!;
    expect(payment.onDate).toBe('2026-02-14');
    expect(payment.amountPence).toBe(10_000 + 39 * 80 + 1500);
    expect(position.totalDuePence).toBe(0);
    expect(position.interestChargedPence).toBe(39 * 80);
  });

  it('defaulted: never paid, the total owed stops at twice the amount borrowed', () => {
    const { terms, price } = signedLoan(10_000, 1, 30);
    const { position } = simulate(terms, price.totalInterestPence, 200, () => ({ cardDeclines: true }));
    expect(position.feesChargedPence).toBe(1500);
    expect(position.interestChargedPence).toBe(8500);
    expect(position.totalDuePence).toBe(20_000);
    expect(arrearsPence(terms, position, addDays(FUNDED, 200))).toBe(20_000);
  });

  it('paid out two days after the day it was priced for, it is charged less interest, never more', () => {
    const { terms, price } = signedLoan(10_000, 1, 30);
    const rows: LedgerRow[] = [
      { id: 1, type: 'advance', amountPence: 10_000, onDate: addDays(FUNDED, 2), reversesId: null },
    ];
    for (let k = 3; k <= 30; k++) {
      const date = addDays(FUNDED, k);
      rows.push({
        id: k,
        type: 'interest',
        amountPence: interestFor(terms, positionOf(terms, rows), date),
        onDate: date,
        reversesId: null,
      });
    }
    const position = positionOf(terms, rows);
    // 28 days of 80p instead of the signed 30.
    expect(position.interestChargedPence).toBe(28 * 80);
    expect(position.interestChargedPence).toBeLessThan(price.totalInterestPence);
    expect(position.totalDuePence).toBe(12_240);
  });

  it('a reversal takes its row out of the position', () => {
    const { terms } = signedLoan(10_000, 1, 30);
    const rows: LedgerRow[] = [
      { id: 1, type: 'advance', amountPence: 10_000, onDate: FUNDED, reversesId: null },
      { id: 2, type: 'card-payment', amountPence: 4000, onDate: '2026-01-10', reversesId: null },
      { id: 3, type: 'reversal', amountPence: 4000, onDate: '2026-01-11', reversesId: 2 },
    ];
    expect(positionOf(terms, rows).principalPence).toBe(10_000);
    expect(positionOf(terms, rows.slice(0, 2)).principalPence).toBe(6000);
  });

  it('folds rows by date, then by id, in whatever order they are given', () => {
    const { terms } = signedLoan(10_000, 1, 30);
    const rows: LedgerRow[] = [
      { id: 1, type: 'advance', amountPence: 10_000, onDate: FUNDED, reversesId: null },
      { id: 2, type: 'interest', amountPence: 80, onDate: addDays(FUNDED, 1), reversesId: null },
      { id: 3, type: 'interest', amountPence: 80, onDate: addDays(FUNDED, 2), reversesId: null },
      // Posted after the day-2 interest but made during day 1: it comes first in the fold.
      { id: 4, type: 'card-payment', amountPence: 5080, onDate: addDays(FUNDED, 1), reversesId: null },
    ];
    const inOrder = positionOf(terms, [rows[0]!, rows[1]!, rows[3]!, rows[2]!]);
    expect(positionOf(terms, rows)).toEqual(inOrder);
    expect(positionOf(terms, [...rows].reverse())).toEqual(inOrder);
    // The payment cleared day 1's interest and 50 pounds of principal before day 2 accrued.
    expect(inOrder).toMatchObject({ principalPence: 5000, interestDuePence: 80 });
  });

  it('holds every cap on every day for random loans, payments, declines and missed instalments', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 100_000 }),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom(7, 14, 28, 30, 31),
        fc.constantFrom(0.008, 0.006, 0.0045),
        fc.array(
          fc.record({
            cardPaymentPence: fc.option(fc.integer({ min: 1, max: 60_000 }), { freq: 8 }),
            cardDeclines: fc.boolean(),
          }),
          { minLength: 220, maxLength: 220 },
        ),
        (principal, count, gap, rate, days) => {
          const { terms, price } = signedLoan(principal, count, gap, rate);
          const last = terms.instalments[terms.instalments.length - 1]!.dueDate;
          const length = Math.min(220, daysBetween(FUNDED, last) + 40);
          simulate(terms, price.totalInterestPence, length, (_, k) => {
            const day = days[k - 1]!;
            return { cardPaymentPence: day.cardPaymentPence ?? undefined, cardDeclines: day.cardDeclines };
          });
        },
      ),
      { numRuns: Number(process.env.LEDGER_RUNS ?? 150) },
    );
  }, 60_000); // about 2 s alone; far more on a loaded machine, and a test time is no budget

  it('the position after each row is the fold of the rows up to it, with or without reversals among them', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 60_000 }),
        fc.array(fc.option(fc.integer({ min: 1, max: 30_000 }), { freq: 4 }), { maxLength: 60 }),
        fc.array(fc.nat(), { maxLength: 3 }),
        (principal, payments, reversals) => {
          const { terms, price } = signedLoan(principal, 3, 30);
          const { rows } = simulate(terms, price.totalInterestPence, payments.length, (_date, k) => ({
            cardPaymentPence: payments[k] ?? undefined,
          }));
          // Reversals of some of the rows, dated after them (a refund of a payment taken in error).
          let id = rows.length + 1000;
          const reversing = reversals.map((n) => rows[n % rows.length]!);
          const all: LedgerRow[] = [
            ...rows,
            ...reversing.map((r) => ({
              ...r,
              id: id++,
              type: 'reversal' as const,
              reversesId: r.id,
              onDate: addDays(r.onDate, 1),
            })),
          ];
          for (const set of [rows, all]) {
            const along = positionsAlong(terms, set);
            expect(along.map((a) => a.row.id)).toEqual(
              [...set]
                .sort((a, b) => (a.onDate < b.onDate ? -1 : a.onDate > b.onDate ? 1 : a.id - b.id))
                .map((r) => r.id),
            );
            along.forEach(({ position }, k) => {
              expect(position).toEqual(
                positionOf(
                  terms,
                  along.slice(0, k + 1).map((a) => a.row),
                ),
              );
            });
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a list that grows between asks answers what a fresh fold of the same rows does, for any day asked', () => {
    const types = ['interest', 'card-payment', 'instalment', 'default-fee', 'waiver', 'reschedule'] as const;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            type: fc.constantFrom(...types, 'reversal' as const),
            amountPence: fc.integer({ min: 1, max: 5_000 }),
            // Mostly the next day, sometimes a day already folded (a payment made during an earlier day).
            days: fc.integer({ min: -3, max: 2 }),
            reverses: fc.nat(),
          }),
          { maxLength: 40 },
        ),
        fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 3 }),
        (steps, asked) => {
          const { terms } = signedLoan(20_000, 3, 30);
          const rows: LedgerRow[] = [
            { id: 1, type: 'advance', amountPence: 20_000, onDate: FUNDED, reversesId: null },
          ];
          let day = 0;
          const throughs = [undefined, ...asked.map((d) => addDays(FUNDED, d))];
          for (const step of steps) {
            day = Math.max(0, day + step.days);
            const reversed = step.type === 'reversal' ? rows[step.reverses % rows.length]!.id : null;
            // Appended as `addToBook` does, to the same list the earlier asks saw.
            rows.push({
              id: rows.length + 1,
              type: step.type,
              amountPence: step.amountPence,
              onDate: addDays(FUNDED, day),
              reversesId: reversed,
            });
            for (const through of throughs) {
              expect(positionOf(terms, rows, through)).toEqual(positionOf(terms, [...rows], through));
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
