import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, type IsoDate } from '@lender/contract/dates';
import { nextWorkingDay } from '@lender/contract/pricing/bank-holidays';
import { WageFrequencyId } from '@lender/contract/pricing/repayment-dates';
import { annualPercentageRate, yearsBetween } from '@lender/contract/pricing/apr';
import { latestRescheduleDate } from '@lender/contract/pricing/reschedule';
import type { LoanScheduleKind } from '../../entities/loans/loan-tables';
import { costCapPence, positionOf, type LedgerRow, type LoanTerms } from '../../entities/loans/ledger';
import { FUNDED, signedLoan, simulate, type NewTerms } from '../../entities/loans/ledger-simulation';
import type { LoanBook, LoanRow } from '../../entities/loans/loan-repository';
import { settlementCeiling, settlementOn } from '../../entities/loans/early-settlement';
import { planFor, type Plan } from './reschedule-plan';

/** A book as the repository would read it, for the plan's rules: the signed schedule and the plans so far. */
function bookOf(
  signed: LoanTerms,
  terms: LoanTerms,
  rows: readonly LedgerRow[],
  kinds: LoanScheduleKind[],
): LoanBook {
  return {
    loan: { application_id: 1, daily_rate: signed.dailyRate, funded_on: FUNDED } as LoanRow,
    terms,
    schedule: signed.instalments.map((i) => ({ ...i, version: 1, principalPence: 0, interestPence: 0 })),
    plans: kinds.map((kind, k) => ({
      application_id: 1,
      version: k + 2,
      kind,
      daily_rate: 0,
      paid_before_pence: 0,
      created_on: FUNDED,
      idempotency_key: String(k),
      request_hash: null,
      created_at: '',
      without_card: 0,
      pause_until: null,
    })),
    rows: [...rows],
    attempts: [],
  };
}

/**
 * A reschedule on the day it is asked: the plan priced by `planFor` (nothing paid with it), made the
 * loan's terms as ReSchedule stores them. `made` collects each plan.
 */
function rescheduler(
  signed: LoanTerms,
  request: { duration: number; firstInDays: number; wageFrequencyId?: number },
  made: Plan[],
) {
  return (terms: LoanTerms, rows: readonly LedgerRow[], date: IsoDate): NewTerms | null => {
    const latest = latestRescheduleDate(date);
    let repayDate = nextWorkingDay(addDays(date, request.firstInDays));
    if (repayDate > latest) repayDate = nextWorkingDay(addDays(date, 1));
    const outcome = planFor(
      bookOf(
        signed,
        terms,
        rows,
        made.map((p) => p.kind),
      ),
      date,
      {
        wageFrequencyId: request.wageFrequencyId ?? WageFrequencyId.monthly,
        duration: request.duration,
        repayDate,
        payNowPence: 0,
      },
    );
    if (outcome.kind !== 'plan') return null;
    made.push(outcome.plan);
    const firstSeq = Math.max(...terms.instalments.map((i) => i.seq)) + 1;
    return {
      terms: {
        ...terms,
        dailyRate: outcome.plan.dailyRate,
        paidBeforePence: positionOf(terms, rows).paidPence,
        instalments: outcome.plan.lines.map((l, k) => ({
          seq: firstSeq + k,
          dueDate: l.date,
          paymentPence: l.paymentPence,
        })),
      },
      feesFrozen: outcome.plan.kind === 'forbearance',
    };
  };
}

const collections = (rows: readonly LedgerRow[]) =>
  rows.filter((r) => r.type === 'instalment').map((r) => [r.onDate, r.amountPence]);

describe('a reschedule (planFor and the ledger together)', () => {
  it('is collected exactly as shown when kept, and settles the loan to the penny', () => {
    const { terms, price } = signedLoan(50_000, 4, 30);
    const made: Plan[] = [];
    // From day 25, a month apart: each payment on or before the signed one it replaces (days 30, 60, 90),
    // so a reschedule, not a refinance (issue 46).
    const reschedule = rescheduler(terms, { duration: 3, firstInDays: 15 }, made);
    const { rows, position } = simulate(terms, price.totalInterestPence, 150, (_, k) =>
      k === 10 ? { reschedule } : {},
    );
    const [plan] = made;
    expect(plan!.kind).toBe('reschedule');
    expect(plan!.lines).toHaveLength(3);
    expect(collections(rows)).toEqual(plan!.lines.map((l) => [l.date, l.paymentPence]));
    expect(position.totalDuePence).toBe(0);
    // The nine closed days before it, then exactly the plan's interest: no day charged twice.
    const before = rows.filter((r) => r.type === 'interest' && r.onDate < addDays(FUNDED, 10));
    expect(before).toHaveLength(9);
    const planInterest = plan!.lines.reduce((s, l) => s + l.interestPence, 0);
    expect(position.interestChargedPence).toBe(planInterest);
  });

  it('in arrears is forbearance: no interest and no fee from the day it starts, and it is kept to the penny', () => {
    const { terms, price } = signedLoan(20_000, 2, 30);
    const made: Plan[] = [];
    const reschedule = rescheduler(terms, { duration: 3, firstInDays: 14 }, made);
    // The first instalment (day 30) is declined twice; on day 33 the customer agrees a plan.
    const { rows, position } = simulate(terms, price.totalInterestPence, 160, (_, k) =>
      k < 33 ? { cardDeclines: k >= 30 } : k === 33 ? { reschedule } : {},
    );
    expect(made[0]).toMatchObject({ kind: 'forbearance', dailyRate: 0 });
    const afterPlan = rows.filter((r) => r.onDate >= addDays(FUNDED, 33));
    expect(afterPlan.filter((r) => r.type === 'interest' || r.type === 'default-fee')).toEqual([]);
    expect(collections(afterPlan)).toEqual(made[0]!.lines.map((l) => [l.date, l.paymentPence]));
    expect(position.totalDuePence).toBe(0);
  });

  it('never takes the total cost over 100%: where the cap binds, the plan charges only what is left of it', () => {
    // £100 lent, £90 of interest charged over 113 days at 0.8% (nothing paid, nothing overdue yet: the one
    // instalment falls later): £10 of room is left under the 100% cap.
    const date = addDays(FUNDED, 113);
    const terms: LoanTerms = {
      principalPence: 10_000,
      dailyRate: 0.008,
      instalments: [{ seq: 1, dueDate: addDays(date, 40), paymentPence: 20_000 }],
    };
    const rows: LedgerRow[] = [
      { id: 1, type: 'advance', amountPence: 10_000, onDate: FUNDED, reversesId: null },
      { id: 2, type: 'interest', amountPence: 9000, onDate: addDays(date, -1), reversesId: null },
    ];
    const outcome = planFor(bookOf(terms, terms, rows, []), date, {
      wageFrequencyId: WageFrequencyId.monthly,
      duration: 3,
      repayDate: nextWorkingDay(addDays(date, 30)),
      payNowPence: 0,
    });
    expect(outcome.kind).toBe('plan');
    const plan = (outcome as { plan: Plan }).plan;
    expect(plan.kind).toBe('refinance');
    // What is owed today (£190), plus at most the £10 the cap leaves: at a lower rate than the contract's.
    expect(plan.totalPence).toBeGreaterThan(19_000);
    expect(plan.totalPence).toBeLessThanOrEqual(20_000);
    expect(plan.dailyRate).toBeLessThan(0.008);
    expect(costCapPence(terms)).toBe(10_000);
  });

  it('counts a plan moving one payment later as a refinance though its last date is earlier (issue 46)', () => {
    // Signed: days 30, 60, 90, 120. On day 10, one payment on day 45: the day-30 instalment moves later.
    const { terms, price } = signedLoan(30_000, 4, 30);
    const made: Plan[] = [];
    const moved = rescheduler(terms, { duration: 1, firstInDays: 35 }, made);
    simulate(terms, price.totalInterestPence, 60, (_, k) => (k === 10 ? { reschedule: moved } : {}));
    expect(made).toHaveLength(1);
    expect(made[0]!.lines.at(-1)!.date < terms.instalments.at(-1)!.dueDate).toBe(true);
    expect(made[0]).toMatchObject({ kind: 'refinance', dailyRate: terms.dailyRate });
  });

  it('allows two refinances and refuses a third', () => {
    const { terms, price } = signedLoan(30_000, 2, 30);
    const made: Plan[] = [];
    const late = rescheduler(terms, { duration: 3, firstInDays: 55 }, made);
    const { position } = simulate(terms, price.totalInterestPence, 400, (_, k) =>
      [5, 10, 15].includes(k) ? { reschedule: late } : {},
    );
    expect(made.map((p) => p.kind)).toEqual(['refinance', 'refinance']);
    expect(position.totalDuePence).toBe(0);
  });

  it('holds every cap on every day for random loans, reschedules, payments and declines', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 100_000 }),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom(14, 28, 30, 31),
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom(...Object.values(WageFrequencyId)),
        fc.array(
          fc.record({
            cardPaymentPence: fc.option(fc.integer({ min: 1, max: 60_000 }), { freq: 10 }),
            cardDeclines: fc.boolean(),
          }),
          { minLength: 300, maxLength: 300 },
        ),
        (principal, count, gap, rescheduleDay, duration, firstInDays, wageFrequencyId, days) => {
          const { terms, price } = signedLoan(principal, count, gap);
          const made: Plan[] = [];
          const reschedule = rescheduler(terms, { duration, firstInDays, wageFrequencyId }, made);
          const last = terms.instalments[terms.instalments.length - 1]!.dueDate;
          const length = Math.min(300, daysBetween(FUNDED, last) + 150);
          simulate(terms, price.totalInterestPence, length, (_, k) => {
            const day = days[k - 1]!;
            return {
              cardPaymentPence: day.cardPaymentPence ?? undefined,
              cardDeclines: day.cardDeclines,
              ...(k === rescheduleDay ? { reschedule } : {}),
            };
          });
        },
      ),
      { numRuns: Number(process.env.LEDGER_RUNS ?? 100) },
    );
  }, 120_000);

  it('works the ceiling of a changed plan from its own day and balance: £1,000 moved to one payment, settled early', () => {
    const { terms, price } = signedLoan(100_000, 1, 45);
    const made: Plan[] = [];
    const reschedule = rescheduler(terms, { duration: 1, firstInDays: 30 }, made);
    let current = terms;
    const { rows } = simulate(terms, price.totalInterestPence, 40, (_, k) =>
      k === 10
        ? {
            reschedule: (t: LoanTerms, r: readonly LedgerRow[], d: IsoDate) => {
              const next = reschedule(t, r, d);
              if (next) current = next.terms;
              return next;
            },
          }
        : {},
    );
    expect(made[0]!.kind).toBe('reschedule');
    const date = addDays(FUNDED, 25);
    const through = rows.filter((r) => r.onDate < date);
    const ledger = positionOf(current, through).totalDuePence;
    // The plan as a modifying agreement, worked here from the Regulations' words: the credit and interest
    // owed on its day, repaid by its one payment; that sum carried forward to the day at its APR.
    const madeOn = addDays(FUNDED, 10);
    const atPlan = positionOf(
      terms,
      rows.filter((r) => r.onDate < madeOn),
    );
    const owed = atPlan.principalPence + atPlan.interestDuePence;
    const apr = annualPercentageRate({
      drawdowns: [{ date: madeOn, amountPence: owed }],
      repayments: [{ date: made[0]!.lines[0]!.date, amountPence: made[0]!.lines[0]!.paymentPence }],
    });
    const formula = owed * Math.pow(1 + apr, yearsBetween(madeOn, date));
    expect(settlementCeiling(current, through, date)).toBeCloseTo(formula, 6);
    // The ledger's simple daily interest on the principal stays under it: the ledger's figure stands.
    const { settlementPence, rebatePence } = settlementOn(current, through, date);
    expect(settlementPence).toBe(Math.min(ledger, Math.round(formula)));
    expect(rebatePence).toBe(ledger - settlementPence);
  });

  it('settles a changed plan within the Regulations’ ceiling of the plan as a modifying agreement (issue 46 item 10)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 100_000 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom(14, 28, 30),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 40 }),
        fc.boolean(),
        (principal, count, gap, rescheduleDay, duration, firstInDays, declines) => {
          const { terms, price } = signedLoan(principal, count, gap);
          const made: Plan[] = [];
          const reschedule = rescheduler(terms, { duration, firstInDays }, made);
          let current = terms;
          const { rows } = simulate(terms, price.totalInterestPence, 200, (_, k) => ({
            cardDeclines: declines && k < rescheduleDay,
            ...(k === rescheduleDay
              ? {
                  reschedule: (t: LoanTerms, r: readonly LedgerRow[], d: IsoDate) => {
                    const next = reschedule(t, r, d);
                    if (next) current = next.terms;
                    return next;
                  },
                }
              : {}),
          }));
          if (made.length === 0) return;
          // Every third day after the plan: what settles the loan that day, against the combined ceiling.
          for (let k = rescheduleDay + 1; k <= 200; k += 3) {
            const date = addDays(FUNDED, k);
            const through = rows.filter((r) => r.onDate < date);
            const p = positionOf(current, through);
            if (p.totalDuePence === 0) break;
            const ceiling = settlementCeiling(current, through, date);
            const { settlementPence } = settlementOn(current, through, date, p);
            expect(settlementPence).toBeLessThanOrEqual(p.totalDuePence);
            expect(settlementPence).toBeGreaterThanOrEqual(p.principalPence + p.feesDuePence);
            if (ceiling === null) {
              // A plan whose payments add nothing to what was owed on its day (forbearance at no interest,
              // or a few pence whose interest rounds to nothing): no APR, and the ledger's figure stands.
              expect(settlementPence).toBe(p.totalDuePence);
            } else {
              expect(settlementPence - p.feesDuePence).toBeLessThanOrEqual(
                Math.max(p.principalPence, Math.round(ceiling)),
              );
            }
          }
        },
      ),
      { numRuns: Number(process.env.SETTLE_RUNS ?? 40) },
    );
  }, 120_000);
});
