import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Msg } from '../rules/messages';
import { submitLandedLeadSchema } from './lead-provider';
import { quoteRequestSchema, quoteSchema } from './register';

// Today is fixed, a Friday, so the window's edges, a weekend and a bank holiday are known dates. The whole
// file runs on it: dates.ts keeps today for a second, and this file has its own copy of that module.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-12-10T12:00:00Z'));
});
afterAll(() => {
  vi.useRealTimers();
});

const valid = { period: 3, amount: 300, repaymentDate: '2027-12-16', wageFrequencyID: 9 };

/** The first message per field path, as the API's `fields` map holds them. */
const fieldsOf = (input: unknown) => {
  const out: Record<string, string> = {};
  for (const issue of quoteRequestSchema.safeParse(input).error?.issues ?? []) {
    out[issue.path.join('.')] ??= issue.message;
  }
  return out;
};

describe('quote request: the rules the server used to apply itself', () => {
  it('accepts a quote inside every rule', () => {
    expect(quoteRequestSchema.safeParse(valid).success).toBe(true);
  });

  it.each([1, 12])('accepts wage frequency %i, one the pricing knows', (id) => {
    expect(quoteRequestSchema.safeParse({ ...valid, wageFrequencyID: id }).success).toBe(true);
  });

  it.each([0, 13, 29, 1.5, -1, '9', null])(
    'refuses wage frequency %j on its own field, with the spec message',
    (id) => {
      expect(fieldsOf({ ...valid, wageFrequencyID: id })).toEqual({ wageFrequencyID: Msg.dayOfRepayment });
    },
  );

  it.each([
    ['2027-12-16', 'six days ahead'],
    ['2027-12-29', 'a Wednesday after the Christmas bank holidays'],
    ['2028-01-24', '45 days ahead'],
  ])('accepts %s (%s)', (date) => {
    expect(quoteRequestSchema.safeParse({ ...valid, repaymentDate: date }).success).toBe(true);
  });

  it.each([
    ['2027-12-15', 'five days ahead'],
    ['2027-12-25', 'a Saturday'],
    ['2027-12-27', 'a bank holiday (Monday)'],
    ['2028-01-03', 'a bank holiday in the next year'],
    ['2028-01-25', '46 days ahead'],
    ['2027-12-09', 'yesterday'],
  ])('refuses %s (%s) on its own field, with the window message', (date) => {
    expect(fieldsOf({ ...valid, repaymentDate: date })).toEqual({ repaymentDate: Msg.repaymentWindow });
  });

  it.each(['2028-02-30', '16-12-2027', '', '2027-12-16T00:00:00'])(
    'refuses %j as not a date, without the window message',
    (date) => {
      expect(fieldsOf({ ...valid, repaymentDate: date })).toEqual({ repaymentDate: Msg.nextPayDate });
    },
  );

  it('gives each field its own message when both are wrong', () => {
    expect(fieldsOf({ ...valid, wageFrequencyID: 13, repaymentDate: '2027-12-25' })).toEqual({
      wageFrequencyID: Msg.dayOfRepayment,
      repaymentDate: Msg.repaymentWindow,
    });
  });

  it('the lead page submits under the same rules', () => {
    const lead = submitLandedLeadSchema.safeParse({
      ...valid,
      wageFrequencyID: 13,
      repaymentDate: '2027-12-25',
    });
    const paths = lead.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(paths).toContainEqual(['wageFrequencyID', Msg.dayOfRepayment]);
    expect(paths).toContainEqual(['repaymentDate', Msg.repaymentWindow]);
  });

  it('a quote already made is still answered once its date has left the window', () => {
    const stored = {
      ...valid,
      repaymentDate: '2027-12-13',
      wageFrequency: 'Monthly',
      repayOver: '3 months',
      paymetOf: 150.5,
      totalInterest: 151.5,
      totalRepayment: 451.5,
      apr: 1234.5,
      borrow: 300,
      schedule: [{ paymentDate: '2027-12-13', amount: 150.5 }],
    };
    expect(quoteSchema.safeParse(stored).success).toBe(true);
  });
});
