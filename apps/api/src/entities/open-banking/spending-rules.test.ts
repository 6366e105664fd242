import { describe, expect, it } from 'vitest';
import { ago, createAccount, credit, debit, figures, monthly, TODAY } from './test-statements';

describe('categorise: spending and warning signs', () => {
  it('fills rent, council tax, utilities and credit commitments from the payees, each at its monthly rate', () => {
    const lines = [85, 55, 25].flatMap((d) => [
      debit(ago(d), 75_000, 'MR J PATEL RENT FLAT 2', { bankCode: 'SO', counterparty: 'MR J PATEL' }),
      debit(ago(d), 14_200, 'CAMDEN CTAX 4471', { bankCode: 'FPO' }),
      debit(ago(d), 1_000, 'LB CAMDEN', { bankCode: 'DD' }),
      debit(ago(d), 8_600, 'BRITISH GAS', { bankCode: 'DD' }),
      debit(ago(d), 5_000, 'BARCLAYCARD', { bankCode: 'DD' }),
      debit(ago(d), 9_000, 'CAR RENTAL GATWICK', { merchantCategoryCode: '3366' }),
      debit(ago(d), 3_500, 'CAMDEN COUNCIL PARKING', { bankCode: 'DEB' }),
      debit(ago(d), 2_200, 'COFFEE HOUSE'),
    ]);
    // A one-off bill is spread over the days read: 9,000 x 30.4375 / 86.
    lines.push(debit(ago(85), 9_000, 'NATWEST LOAN', { bankCode: 'DD' }));
    expect(figures(createAccount(lines)).spendingPence).toEqual({
      rent: 75_000,
      councilTax: 15_200,
      utility: 8_600,
      creditCommitment: 5_000 + 3_185,
    });
  });

  it('counts gambling by merchant category or bookmaker, as a share of income', () => {
    const f = figures(
      createAccount([
        ...monthly(200_000, 'ACME LTD'),
        debit(ago(85), 20_000, 'SKY BETTING', { merchantCategoryCode: '7995' }),
        debit(ago(40), 10_000, 'PADDY POWER', { bankCode: 'FPO' }),
      ]),
    );
    // 30,000 over 86 days: x 30.4375 / 86.
    expect([f.gamblingMonthlyPence, f.gamblingShare]).toEqual([10_618, 0.0531]);
  });

  it('counts each HCSTC lender once however the bank spells it, and their repayments as credit commitments', () => {
    const f = figures(
      createAccount([
        debit(ago(60), 16_500, 'MONEYBOAT.CO.UK'),
        debit(ago(30), 16_500, 'Money Boat Ltd'),
        debit(ago(30), 14_800, 'LENDING STREAM LLP'),
        debit(ago(30), 5_000, 'BARCLAYCARD'),
      ]),
    );
    expect(f.hcstcLenders).toBe(2);
    expect(f.spendingPence.creditCommitment).toBeGreaterThan(0);
  });

  it('counts returned direct debits and unpaid-item fees', () => {
    const f = figures(
      createAccount([
        credit(ago(30), 2_499, 'PUREGYM LTD', { bankCode: 'DD', description: 'RETURNED DD PUREGYM LTD' }),
        debit(ago(29), 1_000, 'REFER TO PAYER 0412', { bankCode: 'FEE' }),
        debit(ago(9), 500, 'UNPAID TRANSACTION FEE', { bankCode: null }),
        debit(ago(8), 600, 'MONTHLY ACCOUNT FEE', { bankCode: 'FEE' }),
      ]),
    );
    expect([f.returnedDirectDebits, f.unpaidItemFees, f.excludedCreditsPence]).toEqual([1, 2, 2_499]);
  });

  it("counts the days a current account closed overdrawn, from today's balance back (no running balance needed)", () => {
    const current = createAccount([debit(ago(3), 8_000, 'ALDI'), credit(TODAY, 10_000, 'UBER EATS')], {
      balancePence: 2_000,
    });
    const card = createAccount([debit(ago(3), 5_000, 'ARGOS')], {
      subType: 'CreditCard',
      balancePence: -5_000,
    });
    // Closed at -80.00 on the 3 days before today, +20.00 today; the credit card's balance is no overdraft.
    expect(figures(current, card).overdrawnDays).toBe(3);
  });
});
