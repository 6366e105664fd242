import { addDays } from '@lender/contract/dates';
import { describe, expect, it } from 'vitest';
import { SANDBOX_BANK_CUSTOMERS, sandboxAccounts } from '../../sandbox/open-banking/sandbox-customers';
import { categorise } from './categorise';

// A Saturday the 28th: the salaries of `salaried` and `stressed` are paid on Friday the 27th.
const TODAY = '2026-11-28';
const figuresOf = (customer: (typeof SANDBOX_BANK_CUSTOMERS)[number], today = TODAY) =>
  categorise(sandboxAccounts(customer, today), today);
const noFlags = {
  gamblingMonthlyPence: 0,
  gamblingShare: 0,
  hcstcLenders: 0,
  returnedDirectDebits: 0,
  unpaidItemFees: 0,
};

describe("the sandbox bank's customers, categorised (issue 49)", () => {
  it('salaried: £2,400 a month from ACME LTD, rent £750, council tax, utilities and a credit card', () => {
    const accounts = sandboxAccounts('salaried', TODAY);
    const salary = accounts[0]!.transactions
      .filter((t) => t.counterparty === 'ACME LTD')
      .map((t) => t.bookedOn);
    expect(salary).toEqual(['2026-09-28', '2026-10-28', '2026-11-27']);
    expect(figuresOf('salaried')).toEqual({
      from: '2026-08-31',
      to: TODAY,
      daysCovered: 90,
      monthlyIncomePence: 240_000,
      incomeSources: [{ payer: 'ACME LTD', kind: 'salary', monthlyPence: 240_000 }],
      // British Gas 86.00, Thames Water 38.50, BT 35.00, Vodafone 22.00; Barclaycard 50.00.
      spendingPence: { rent: 75_000, councilTax: 14_200, utility: 18_150, creditCommitment: 5_000 },
      ...noFlags,
      // Into savings 3 x 200.00 and back 150.00, the Amazon refund 24.99, a gift 50.00, interest 12.69.
      excludedCreditsPence: 83_768,
      loanProceedsPence: 0,
      overdrawnDays: 0,
    });
  });

  it('gig: Universal Credit £850 and the platforms weekly and fortnightly, overdrawn on 87 days', () => {
    expect(figuresOf('gig')).toEqual({
      from: '2026-08-31',
      to: TODAY,
      daysCovered: 90,
      monthlyIncomePence: 204_651,
      incomeSources: [
        { payer: 'DWP UC', kind: 'benefits', monthlyPence: 85_000 },
        // 13 Tuesdays, £2,312.33 in all: / 13 x 30.4375 / 7.
        { payer: 'UBER EATS', kind: 'salary', monthlyPence: 77_342 },
        // 7 fortnights, £1,362.22: / 7 x 30.4375 / 14.
        { payer: 'DELIVEROO', kind: 'salary', monthlyPence: 42_309 },
      ],
      spendingPence: { rent: 85_000, councilTax: 12_500, utility: 16_200, creditCommitment: 8_000 },
      ...noFlags,
      excludedCreditsPence: 0,
      loanProceedsPence: 0,
      overdrawnDays: 87,
    });
  });

  it('stressed: £1,900 salary, three payday lenders, two returned debits, 15% on gambling, a £300 loan not income', () => {
    expect(figuresOf('stressed')).toEqual({
      from: '2026-08-31',
      to: TODAY,
      daysCovered: 90,
      monthlyIncomePence: 190_000,
      incomeSources: [{ payer: 'BRIGHTWAY CARE LTD', kind: 'salary', monthlyPence: 190_000 }],
      // Lending Stream 148.00, MoneyBoat 165.00 and Drafty 90.00 a month.
      spendingPence: { rent: 62_500, councilTax: 11_800, utility: 12_900, creditCommitment: 40_300 },
      // £855 of bets over 90 days: x 30.4375 / 90.
      gamblingMonthlyPence: 28_916,
      gamblingShare: 0.1522,
      hcstcLenders: 3,
      returnedDirectDebits: 2,
      unpaidItemFees: 2,
      // The loan 300.00, a win 60.00 and the two returned debits 24.99 and 38.50.
      excludedCreditsPence: 42_349,
      loanProceedsPence: 30_000,
      overdrawnDays: 79,
    });
  });

  it('empty: an account with nothing in it yet', () => {
    expect(figuresOf('empty')).toEqual({
      from: TODAY,
      to: TODAY,
      daysCovered: 1,
      monthlyIncomePence: 0,
      incomeSources: [],
      spendingPence: {},
      ...noFlags,
      excludedCreditsPence: 0,
      loanProceedsPence: 0,
      overdrawnDays: 0,
    });
  });

  it("keep the issue's figures on every business date of a year (weekend and bank-holiday paydays, 2 to 4 of them)", () => {
    for (let i = 0; i < 366; i++) {
      const today = addDays('2026-01-01', i);
      const salaried = figuresOf('salaried', today);
      expect(
        [salaried.monthlyIncomePence, salaried.spendingPence.rent, salaried.overdrawnDays],
        today,
      ).toEqual([240_000, 75_000, 0]);
      const gig = figuresOf('gig', today);
      const uc = gig.incomeSources.find((s) => s.payer === 'DWP UC');
      expect(uc, today).toEqual({ payer: 'DWP UC', kind: 'benefits', monthlyPence: 85_000 });
      expect(gig.incomeSources.map((s) => s.payer).sort(), today).toEqual([
        'DELIVEROO',
        'DWP UC',
        'UBER EATS',
      ]);
      expect(gig.overdrawnDays, today).toBeGreaterThan(0);
      const stressed = figuresOf('stressed', today);
      expect(stressed.incomeSources, today).toEqual([
        { payer: 'BRIGHTWAY CARE LTD', kind: 'salary', monthlyPence: 190_000 },
      ]);
      expect([stressed.hcstcLenders, stressed.returnedDirectDebits, stressed.unpaidItemFees], today).toEqual([
        3, 2, 2,
      ]);
      expect(stressed.gamblingShare, today).toBeGreaterThanOrEqual(0.12);
      expect(stressed.gamblingShare, today).toBeLessThanOrEqual(0.18);
      expect(stressed.loanProceedsPence, today).toBe(30_000);
      expect(figuresOf('empty', today).daysCovered).toBe(1);
    }
  });

  it('give the same statements for the same customer and date: unique ids, a running balance that adds up', () => {
    for (const customer of SANDBOX_BANK_CUSTOMERS) {
      const accounts = sandboxAccounts(customer, TODAY);
      expect(sandboxAccounts(customer, TODAY)).toEqual(accounts);
      for (const a of accounts) {
        const ids = a.transactions.map((t) => t.transactionId);
        expect(new Set(ids).size).toBe(ids.length);
        const booked = a.transactions.filter((t) => t.status === 'booked');
        let balance = booked.length ? booked[0]!.balanceAfterPence! - signed(booked[0]!) : a.balancePence;
        for (const t of booked) {
          balance += signed(t);
          expect(t.balanceAfterPence).toBe(balance);
          expect(Number.isInteger(t.amountPence) && t.amountPence > 0).toBe(true);
          expect(t.bookedOn >= addDays(TODAY, -89) && t.bookedOn <= TODAY).toBe(true);
        }
        expect(a.balancePence).toBe(balance);
      }
    }
  });
});

const signed = (t: { direction: string; amountPence: number }) =>
  t.direction === 'credit' ? t.amountPence : -t.amountPence;
