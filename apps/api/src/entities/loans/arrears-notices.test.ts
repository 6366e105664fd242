import { addDays, daysBetween, type IsoDate } from '@lender/contract/dates';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  arrearsClearedBetween,
  arrearsNoticeDue,
  lastArrearsNotice,
  S86B_REPEAT_DAYS,
  type LastArrearsNotice,
} from './arrears-notices';
import { arrearsPence, positionOf, type LedgerRow, type LoanTerms } from './ledger';
import { s86bTrigger } from './servicing-rules';

const TERMS: LoanTerms = {
  principalPence: 30_000,
  dailyRate: 0.008,
  instalments: [
    { seq: 1, dueDate: '2026-02-01', paymentPence: 13_000 },
    { seq: 2, dueDate: '2026-03-01', paymentPence: 13_000 },
    { seq: 3, dueDate: '2026-04-01', paymentPence: 13_000 },
  ],
};
const advance: LedgerRow = {
  id: 1,
  type: 'advance',
  amountPence: 30_000,
  onDate: '2026-01-01',
  reversesId: null,
};
const paid = (amountPence: number, onDate: string, id: number): LedgerRow => ({
  id,
  type: 'card-payment',
  amountPence,
  onDate,
  reversesId: null,
});

/**
 * The close of business's use of the rules, one closed day after another from `from` through `to`: the
 * notices it would send, by day.
 */
function simulate(terms: LoanTerms, rows: readonly LedgerRow[], from: IsoDate, to: IsoDate) {
  const sent: LastArrearsNotice[] = [];
  const days: { date: IsoDate; arrears: number; triggered: boolean }[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const position = positionOf(terms, rows, date);
    const arrears = arrearsPence(terms, position, date);
    const triggered = s86bTrigger(terms, position, date) !== null;
    const last = sent.at(-1) ?? null;
    const due = arrearsNoticeDue({
      date,
      triggered,
      arrearsPence: arrears,
      last,
      clearedSinceLast: last ? arrearsClearedBetween(terms, rows, last.onDate, date) !== null : false,
    });
    if (due) sent.push({ onDate: date, ...due });
    days.push({ date, arrears, triggered });
  }
  return { sent, days };
}

describe('notices of sums in arrears (s86B(2), (5); s86D)', () => {
  it('first goes out on the day the trigger is met', () => {
    const { sent } = simulate(TERMS, [advance], '2026-01-01', '2026-03-05');
    expect(sent).toEqual([{ onDate: '2026-03-01', episode: '2026-03-01', round: 0 }]);
  });

  it('repeats after a part payment that leaves arrears below the trigger, within six months, until paid', () => {
    // Two instalments missed (trigger met 01-03); £200 paid on 10-03 leaves £60 in arrears, under the
    // last two payments, so the trigger no longer holds, and it never holds again: the £100 left is
    // under two payments after the last due date too.
    const rows = [advance, paid(20_000, '2026-03-10', 2)];
    expect(s86bTrigger(TERMS, positionOf(TERMS, rows, '2026-03-10'), '2026-03-10')).toBeNull();
    const { sent } = simulate(TERMS, rows, '2026-01-01', '2027-03-01');
    expect(sent.map((n) => n.onDate)).toEqual([
      '2026-03-01',
      addDays('2026-03-01', S86B_REPEAT_DAYS),
      addDays('2026-03-01', 2 * S86B_REPEAT_DAYS),
    ]);
    expect(new Set(sent.map((n) => n.episode))).toEqual(new Set(['2026-03-01']));
    expect(sent.map((n) => n.round)).toEqual([0, 1, 2]);
    // Paid up on the day of the third: the duty ends, nothing more goes out.
    const settled = [...rows, paid(10_000, addDays('2026-03-01', 2 * S86B_REPEAT_DAYS + 1), 4)];
    const after = simulate(TERMS, settled, '2026-01-01', '2027-12-01').sent;
    expect(after).toHaveLength(3);
  });

  it('ends when the customer ceases to be in arrears, and a later trigger starts a new episode', () => {
    const rows = [advance, paid(26_000, '2026-03-05', 2)];
    const position = positionOf(TERMS, rows, '2026-03-05');
    expect(arrearsPence(TERMS, position, '2026-03-05')).toBe(0);
    expect(arrearsClearedBetween(TERMS, rows, '2026-03-01', '2026-09-01')).toBe('2026-03-05');
    const { sent } = simulate(TERMS, rows, '2026-01-01', '2026-12-01');
    // Arrears of the third instalment alone (from 01-04) are under the trigger: no new duty.
    expect(sent.map((n) => n.onDate)).toEqual(['2026-03-01']);
  });

  it('never sends the same day twice and names the first notice by its day', () => {
    const last = { onDate: '2026-03-01', episode: '2026-03-01', round: 0 };
    const facts = { date: '2026-03-01', triggered: true, arrearsPence: 100, clearedSinceLast: false };
    expect(arrearsNoticeDue({ ...facts, last: null })).toEqual({ episode: '2026-03-01', round: 0 });
    expect(arrearsNoticeDue({ ...facts, last })).toBeNull();
    expect(arrearsNoticeDue({ ...facts, last, clearedSinceLast: true })).toBeNull();
  });

  it('reads notices stored before these rules (episode = oldest unpaid due date)', () => {
    expect(lastArrearsNotice({ on_date: '2026-08-28', reference: 's86b:7:2026-02-01:1' })).toEqual({
      onDate: '2026-08-28',
      episode: '2026-02-01',
      round: 1,
    });
    expect(lastArrearsNotice(undefined)).toBeNull();
  });

  it('keeps every repeat inside six calendar months of the last notice', () => {
    // The shortest six months: from 31 August to the end of February, 181 days.
    expect(S86B_REPEAT_DAYS).toBeLessThan(daysBetween('2026-08-31', '2027-02-28'));
  });

  it('holds over time for any payments: a notice while the trigger holds, none without arrears, no gap over the interval while in arrears', () => {
    const payment = fc.record({
      day: fc.integer({ min: 1, max: 400 }),
      pence: fc.integer({ min: 100, max: 20_000 }),
    });
    fc.assert(
      fc.property(fc.array(payment, { maxLength: 6 }), (payments) => {
        const rows = [
          advance,
          ...payments
            .sort((a, b) => a.day - b.day)
            .map((p, k) => paid(p.pence, addDays('2026-01-01', p.day), k + 2)),
        ];
        const { sent, days } = simulate(TERMS, rows, '2026-01-01', '2027-06-30');
        const byDay = new Map(sent.map((n) => [n.onDate, n]));
        let open: LastArrearsNotice | null = null;
        for (const d of days) {
          if (d.arrears === 0) open = null;
          const n = byDay.get(d.date);
          if (n) {
            expect(d.arrears).toBeGreaterThan(0);
            open = n;
          }
          if (d.triggered) expect(open).not.toBeNull();
          if (open && d.arrears > 0) {
            expect(daysBetween(open.onDate, d.date)).toBeLessThan(S86B_REPEAT_DAYS);
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});
