import { describe, expect, it } from 'vitest';
import {
  BANK_STATEMENT_RULES,
  bankStatementBreaches,
  connectionRequiredBecause,
  CONNECTION_REQUIRED,
  withVerifiedFigures,
} from './bank-statement-rules';
import type { VerifiedFigures } from './verified-figures';

/** A clear statement of 90 days: £2,000 a month from one employer, £700 rent. */
const clear = (over: Partial<VerifiedFigures> = {}): VerifiedFigures => ({
  from: '2026-08-31',
  to: '2026-11-28',
  daysCovered: 90,
  monthlyIncomePence: 200_000,
  incomeSources: [{ payer: 'ACME LTD', kind: 'salary', monthlyPence: 200_000 }],
  spendingPence: { rent: 70_000 },
  gamblingMonthlyPence: 0,
  gamblingShare: 0,
  hcstcLenders: 0,
  returnedDirectDebits: 0,
  unpaidItemFees: 0,
  excludedCreditsPence: 0,
  loanProceedsPence: 0,
  overdrawnDays: 0,
  ...over,
});
const rules = (f: VerifiedFigures) => bankStatementBreaches(f).map((b) => b.rule);

describe('the bank statement rules (issue 49)', () => {
  it('decline gambling over a tenth of income, not at a tenth', () => {
    const share = BANK_STATEMENT_RULES.gambling.overShare;
    expect(rules(clear({ gamblingMonthlyPence: 20_000, gamblingShare: share }))).toEqual([]);
    expect(rules(clear({ gamblingMonthlyPence: 20_002, gamblingShare: share + 0.0001 }))).toEqual([
      'gambling',
    ]);
  });

  it('decline from the second returned direct debit and the third other HCSTC lender', () => {
    expect(rules(clear({ returnedDirectDebits: 1 }))).toEqual([]);
    expect(rules(clear({ returnedDirectDebits: 2 }))).toEqual(['returnedDirectDebits']);
    expect(rules(clear({ hcstcLenders: 2 }))).toEqual([]);
    expect(rules(clear({ hcstcLenders: 3 }))).toEqual(['hcstcLenders']);
    expect(bankStatementBreaches(clear({ hcstcLenders: 3 }))[0]!.outcome).toBe('decline');
  });

  it('take the lower income and, per category, the higher spending', () => {
    const declared = { rent: 60_000, food: 20_000, councilTax: 15_000 };
    const seen = withVerifiedFigures(
      220_000,
      declared,
      clear({ spendingPence: { rent: 70_000, councilTax: 10_000 } }),
    );
    expect(seen.incomePence).toBe(200_000);
    expect(seen.incomeLowered).toBe(true);
    expect(seen.expensesPence).toEqual({ rent: 70_000, food: 20_000, councilTax: 15_000 });
    expect(seen.raised).toEqual(['rent']);
    // A declared income below the statement's stands.
    expect(withVerifiedFigures(150_000, declared, clear()).incomePence).toBe(150_000);
    // No statement: the declared figures.
    expect(withVerifiedFigures(220_000, declared, null)).toEqual({
      incomePence: 220_000,
      expensesPence: declared,
      raised: [],
      incomeLowered: false,
    });
  });

  it('leave the declared income standing when the statement is too short to show a month', () => {
    const week = clear({ daysCovered: 27, monthlyIncomePence: 0, incomeSources: [] });
    expect(withVerifiedFigures(220_000, {}, week).incomePence).toBe(220_000);
    expect(withVerifiedFigures(220_000, {}, { ...week, daysCovered: 28 }).incomePence).toBe(0);
  });

  it('require the bank over £3,000 a month, on a low modelled income, and for a fifth loan in a year', () => {
    const at = (declaredIncomePence: number, modelledIncomeLow = false, loansLast12Months = 0) =>
      connectionRequiredBecause({ declaredIncomePence, modelledIncomeLow, loansLast12Months });
    expect(at(CONNECTION_REQUIRED.declaredIncomeOverPence)).toEqual([]);
    expect(at(CONNECTION_REQUIRED.declaredIncomeOverPence + 1)).toEqual(['declaredIncomeHigh']);
    expect(at(200_000, true)).toEqual(['modelledIncomeLow']);
    expect(at(200_000, false, 3)).toEqual([]);
    expect(at(200_000, false, 4)).toEqual(['fifthLoanInYear']);
  });
});
