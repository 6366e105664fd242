import { describe, expect, it } from 'vitest';
import { disposableIncomePence, mostInAMonthPence, planKindOf } from './reschedule';

/** Issue 46 item 6: a plan's kind by each payment's date, and the income check's two figures. */
describe('planKindOf', () => {
  const due = ['2027-01-15', '2027-02-15', '2027-03-15'];
  const rules = { forbearance: false, dueDates: due };

  it('is a refinance when any payment falls after the instalment in its place, even with the same last date', () => {
    expect(planKindOf(rules, ['2027-02-15', '2027-03-15'])).toBe('refinance');
    expect(planKindOf(rules, ['2027-01-20'])).toBe('refinance');
    expect(planKindOf(rules, ['2027-01-15', '2027-02-15', '2027-03-16'])).toBe('refinance');
  });

  it('is a reschedule when every payment is on or before its pair (past their number, the last)', () => {
    expect(planKindOf(rules, ['2027-01-10', '2027-02-10', '2027-03-10'])).toBe('reschedule');
    expect(planKindOf(rules, ['2027-01-15'])).toBe('reschedule');
    expect(planKindOf({ forbearance: false, dueDates: ['2027-03-15'] }, ['2027-01-01', '2027-03-15'])).toBe(
      'reschedule',
    );
  });

  it('is forbearance in arrears whatever the dates', () => {
    expect(planKindOf({ ...rules, forbearance: true }, ['2027-06-01'])).toBe('forbearance');
  });
});

describe('the income check', () => {
  it('measures the most a plan takes in one calendar month against income less outgoings', () => {
    const weekly = ['2027-01-04', '2027-01-11', '2027-01-18', '2027-02-01'].map((date) => ({
      date,
      paymentPence: 5000,
    }));
    expect(mostInAMonthPence(weekly)).toBe(15_000);
    expect(
      disposableIncomePence({
        monthlyIncomePence: 150_000,
        housingPence: 60_000,
        billsPence: 20_000,
        creditPence: 5_000,
        livingPence: 30_000,
        otherPence: 10_000,
      }),
    ).toBe(25_000);
  });
});
