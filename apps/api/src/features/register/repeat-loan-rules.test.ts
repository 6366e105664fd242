import { describe, expect, it } from 'vitest';
import {
  decideRepeatLoan,
  MAX_12_MONTH_COST_SHARE_OF_MONTHLY_INCOME,
  MAX_LOANS_IN_12_MONTHS,
  type RepeatLoanFacts,
} from './repeat-loan-rules';

/** A repeat applicant every rule passes: £2,200 a month, £900 of expenses, a £300 loan's figures. */
const facts = (overrides: Partial<RepeatLoanFacts> = {}): RepeatLoanFacts => ({
  screen: { approved: true },
  netIncomePence: 220_000,
  expensesPence: 90_000,
  instalmentPence: 15_000,
  interestPence: 15_000,
  history: { loansLast12Months: 1, costLast12MonthsPence: 5_000, defaultsLast12Months: 0 },
  ...overrides,
});

const declining = (f: RepeatLoanFacts) =>
  decideRepeatLoan(f)
    .reasons.filter((r) => r.declines)
    .map((r) => r.code);

describe('the repeat-lending rules (docs/decisions/027)', () => {
  it('approve an applicant every rule passes, with every finding recorded', () => {
    const verdict = decideRepeatLoan(facts());
    expect(verdict.approved).toBe(true);
    expect(verdict.reasons.map((r) => r.code)).toEqual([
      'screen',
      'affordability',
      'loans-in-12-months',
      'combined-cost',
      'defaults',
    ]);
  });

  it('decline a fifth loan in 12 months, not a fourth', () => {
    const history = (n: number) => ({ ...facts().history, loansLast12Months: n });
    expect(declining(facts({ history: history(MAX_LOANS_IN_12_MONTHS - 1) }))).toEqual([]);
    expect(declining(facts({ history: history(MAX_LOANS_IN_12_MONTHS) }))).toEqual(['loans-in-12-months']);
  });

  it("decline when the year's cost of credit and this loan's interest pass half a month's income", () => {
    const limit = 220_000 * MAX_12_MONTH_COST_SHARE_OF_MONTHLY_INCOME;
    const at = facts({ interestPence: limit - 5_000 });
    expect(declining(at)).toEqual([]);
    expect(declining({ ...at, interestPence: at.interestPence + 1 })).toEqual(['combined-cost']);
  });

  it('decline after a default in the year, an unaffordable instalment, or a failed first screen', () => {
    expect(declining(facts({ history: { ...facts().history, defaultsLast12Months: 1 } }))).toEqual([
      'defaults',
    ]);
    expect(declining(facts({ instalmentPence: 120_000 }))).toEqual(['affordability']);
    const screened = decideRepeatLoan(facts({ screen: { approved: false, reason: 'under-age: 17' } }));
    expect(screened.approved).toBe(false);
    expect(screened.reasons[0]).toEqual({ code: 'screen', text: 'under-age: 17', declines: true });
  });
});
