import { QUOTE_REPAYMENT_WINDOW } from '@lender/contract/constants';
import { addDays, type IsoDate } from '@lender/contract/dates';
import { buildQuote, repaymentDateProblem } from '@lender/contract/pricing/quote';
import { enableDateFor, repaymentDates, WageFrequencyId } from '@lender/contract/pricing/repayment-dates';
import { describe, expect, it } from 'vitest';
import type { LoanTerms } from '../entities/applications/loan-terms';
import { priceForSigning } from './price-for-signing';

const RATE = 0.008;
const ACCEPTED_ON = '2026-11-23';
const terms: LoanTerms = {
  amountPence: 30000,
  period: 3,
  repaymentDate: '2026-12-07',
  wageFrequencyId: WageFrequencyId.monthly,
};
const sign = (today: IsoDate, t: LoanTerms = terms) =>
  priceForSigning({ terms: t, dailyRate: RATE, acceptedOn: ACCEPTED_ON, today });

describe('priceForSigning', () => {
  it('signed the day it was accepted: the accepted quote, unchanged', () => {
    const s = sign(ACCEPTED_ON);
    expect(s).toEqual({
      price: buildQuote({ ...terms, dailyRate: RATE, today: ACCEPTED_ON }),
      repriced: false,
      acceptedOn: ACCEPTED_ON,
      firstDateMoved: false,
      acceptedRepaymentDate: '2026-12-07',
    });
  });

  it('signed a day later: the same dates priced from the new drawdown day', () => {
    const s = sign('2026-11-24');
    expect(s.repriced).toBe(true);
    expect(s.firstDateMoved).toBe(false);
    expect(s.price).toEqual(buildQuote({ ...terms, dailyRate: RATE, today: '2026-11-24' }));
    // A day less of interest before the first instalment, so not the figures of the accepted quote.
    const accepted = buildQuote({ ...terms, dailyRate: RATE, today: ACCEPTED_ON });
    expect(s.price.dates).toEqual(accepted.dates);
    expect(s.price.totalInterestPence).toBeLessThan(accepted.totalInterestPence);
  });

  it('signed 40 days later: the first date of the pay cycle still far enough ahead', () => {
    // 07-12-2026 has passed and 07-01-2027 is 5 days away (under 6); 07-02-2027 is a Sunday, paid Monday.
    const s = sign('2027-01-02');
    expect(s).toMatchObject({ repriced: true, firstDateMoved: true, acceptedRepaymentDate: '2026-12-07' });
    expect(s.price.repaymentDate).toBe('2027-02-08');
    expect(s.price).toEqual(
      buildQuote({ ...terms, repaymentDate: '2027-02-08', dailyRate: RATE, today: '2027-01-02' }),
    );
  });

  it('a wage frequency with a preset date takes the preset of the signing day', () => {
    const preset = { ...terms, wageFrequencyId: WageFrequencyId.lastFriday };
    const accepted = { ...preset, repaymentDate: enableDateFor(WageFrequencyId.lastFriday, ACCEPTED_ON)! };
    expect(sign(ACCEPTED_ON, accepted).firstDateMoved).toBe(false);
    const later = sign('2026-11-24', accepted);
    expect(later.firstDateMoved).toBe(true);
    expect(later.price.repaymentDate).toBe(enableDateFor(WageFrequencyId.lastFriday, '2026-11-24'));
  });

  const cycles = [
    WageFrequencyId.monthly,
    WageFrequencyId.weekly,
    WageFrequencyId.fortnightly,
    WageFrequencyId.fourWeekly,
    WageFrequencyId.twiceMonthly,
    WageFrequencyId.lastWorkingDay,
  ];
  it.each(cycles)('frequency %i: on any later day, a first date in the window and on the pay cycle', (id) => {
    const t = { ...terms, repaymentDate: '2026-11-30', wageFrequencyId: id };
    const cycle = repaymentDates({ firstDate: t.repaymentDate, count: 12, wageFrequencyId: id });
    for (let days = 0; days <= 120; days++) {
      const today = addDays(ACCEPTED_ON, days);
      const s = sign(today, t);
      expect(repaymentDateProblem(s.price.repaymentDate, QUOTE_REPAYMENT_WINDOW, today)).toBeNull();
      expect(s.firstDateMoved).toBe(s.price.repaymentDate !== t.repaymentDate);
      if (s.firstDateMoved) {
        expect(cycle).toContain(s.price.repaymentDate);
        // The first usable one: no earlier date of the cycle would have done.
        const earlier = cycle.filter((date) => date < s.price.repaymentDate);
        for (const date of earlier) {
          expect(repaymentDateProblem(date, QUOTE_REPAYMENT_WINDOW, today)).not.toBeNull();
        }
      }
    }
  });
});
