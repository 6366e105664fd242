import { describe, expect, it } from 'vitest';
import { categorise } from './categorise';
import { ago, createAccount, credit, debit, figures, monthly } from './test-statements';

describe('categorise: income', () => {
  it('reads a monthly salary at its monthly amount, paid early for a weekend, whether the window holds 3 or 4 paydays', () => {
    // 28 Nov 2026 is a Saturday: paid on Friday the 27th.
    const three = ['2026-09-28', '2026-10-28', '2026-11-27'].map((on) =>
      credit(on, 240_000, 'ACME LTD', { bankCode: 'BGC' }),
    );
    expect(figures(createAccount(three)).incomeSources).toEqual([
      { payer: 'ACME LTD', kind: 'salary', monthlyPence: 240_000 },
    ]);
    // 27 Feb and 27 Mar 2026 were Fridays before a Saturday 28th: four paydays in 91 days, still £2,400 a month.
    const four = ['2026-02-27', '2026-03-27', '2026-04-28', '2026-05-28'].map((on) =>
      credit(on, 240_000, 'ACME LTD'),
    );
    expect(categorise([createAccount(four)], '2026-05-28').monthlyIncomePence).toBe(240_000);
  });

  it('turns weekly and fortnightly pay into months, and counts a week without pay as nothing', () => {
    const weekly = Array.from({ length: 13 }, (_, i) => credit(ago(i * 7), 10_000, 'UBER EATS'));
    // £100 a week: 100 x 30.4375 / 7.
    expect(figures(createAccount(weekly)).monthlyIncomePence).toBe(43_482);
    expect(figures(createAccount(weekly.filter((_, i) => i !== 5))).monthlyIncomePence).toBe(40_137);
    const fortnightly = Array.from({ length: 6 }, (_, i) => credit(ago(i * 14), 20_000, 'DELIVEROO'));
    expect(figures(createAccount(fortnightly)).monthlyIncomePence).toBe(43_482);
  });

  it('counts the months since a salary stopped as months without it', () => {
    const stopped = [85, 55].map((d) => credit(ago(d), 240_000, 'ACME LTD'));
    expect(figures(createAccount(stopped)).monthlyIncomePence).toBe(160_000);
  });

  it('names benefits, pensions and gig earnings by their payer, largest first', () => {
    const f = figures(
      createAccount([
        ...monthly(85_000, 'DWP UC'),
        ...monthly(70_000, 'DWP SP'),
        ...monthly(30_000, 'AVIVA PENSION 88231'),
        ...monthly(20_000, 'UBER BV', { description: 'UBER BV PAYOUT 7731' }),
      ]),
    );
    expect(f.incomeSources).toEqual([
      { payer: 'DWP UC', kind: 'benefits', monthlyPence: 85_000 },
      { payer: 'DWP SP', kind: 'pension', monthlyPence: 70_000 },
      { payer: 'AVIVA PENSION', kind: 'pension', monthlyPence: 30_000 },
      { payer: 'UBER BV', kind: 'salary', monthlyPence: 20_000 },
    ]);
    expect(f.monthlyIncomePence).toBe(205_000);
  });

  it('does not count a one-off credit, or a payer at no steady rhythm, as income', () => {
    const f = figures(
      createAccount([
        credit(ago(40), 50_000, 'M SMITH'),
        credit(ago(80), 9_000, 'J JONES'),
        credit(ago(20), 9_000, 'J JONES'),
      ]),
    );
    expect([f.monthlyIncomePence, f.excludedCreditsPence]).toEqual([0, 68_000]);
  });
});

describe('categorise: credits that are not income', () => {
  it("excludes money moved between the applicant's own accounts: the same amount out of one and into another within 2 days", () => {
    const savings = createAccount(
      [40, 70].map((d) => debit(ago(d + 2), 30_000, 'J DOE', { bankCode: 'FPO' })),
      { subType: 'Savings' },
    );
    const current = createAccount([40, 70].map((d) => credit(ago(d), 30_000, 'J DOE')));
    expect(figures(current, savings)).toMatchObject({ monthlyIncomePence: 0, excludedCreditsPence: 60_000 });
    // Three days apart, or out of the same account, is not a transfer to oneself: income from J DOE.
    const late = createAccount(
      [40, 70].map((d) => debit(ago(d + 3), 30_000, 'J DOE', { bankCode: 'FPO' })),
      { subType: 'Savings' },
    );
    expect(figures(current, late).monthlyIncomePence).toBe(30_000);
  });

  it("keeps paying their own credit card account a commitment, the card account's credit not income", () => {
    const current = createAccount(
      [55, 25].map((d) => debit(ago(d), 5_000, 'BARCLAYCARD', { bankCode: 'DD' })),
    );
    const card = createAccount(
      [55, 25].map((d) => credit(ago(d - 1), 5_000, 'PAYMENT RECEIVED')),
      {
        subType: 'CreditCard',
      },
    );
    expect(figures(current, card)).toMatchObject({
      monthlyIncomePence: 0,
      excludedCreditsPence: 10_000,
      spendingPence: { creditCommitment: 5_000 },
    });
  });

  it('excludes transfers the bank codes TFR or describes as from their own account', () => {
    expect(
      figures(createAccount(monthly(20_000, 'ACC 1234', { bankCode: 'TFR' }))).excludedCreditsPence,
    ).toBe(60_000);
    expect(figures(createAccount(monthly(20_000, 'FROM SAVINGS 4011'))).monthlyIncomePence).toBe(0);
  });

  it('excludes refunds, loan proceeds, winnings, returned direct debits and interest, however regular', () => {
    const f = figures(
      createAccount([
        ...monthly(2_499, 'AMAZON.CO.UK', {
          bankCode: 'DEB',
          merchantName: 'AMAZON.CO.UK',
          counterparty: null,
        }),
        ...monthly(1_500, 'ASOS REFUND 8812'),
        ...monthly(30_000, 'LENDING STREAM'),
        ...monthly(50_000, 'ZOPA BANK'),
        ...monthly(40_000, 'STUDENT LOANS CO'),
        ...monthly(4_000, 'BETFAIR'),
        ...monthly(6_000, 'SKYVEGAS', { merchantCategoryCode: '7995' }),
        ...monthly(3_000, 'VODAFONE', { bankCode: 'DD', description: 'UNPAID DD VODAFONE' }),
        ...monthly(400, 'NATWEST', { bankCode: 'INT', description: 'INT 0412' }),
        ...monthly(300, 'MONZO', { description: 'INTEREST PAID' }),
      ]),
    );
    expect(f.monthlyIncomePence).toBe(0);
    expect(f.loanProceedsPence).toBe(3 * (30_000 + 50_000 + 40_000));
    expect(f.returnedDirectDebits).toBe(3);
    expect(f.excludedCreditsPence).toBe(
      3 * (2_499 + 1_500 + 30_000 + 50_000 + 40_000 + 4_000 + 6_000 + 3_000 + 400 + 300),
    );
  });

  it('ignores pending lines: they may yet change or vanish', () => {
    const pending = { status: 'pending' } as const;
    const f = figures(
      createAccount([...monthly(240_000, 'ACME LTD', pending), debit(ago(1), 5_000, 'BET365', pending)]),
    );
    expect([f.monthlyIncomePence, f.gamblingMonthlyPence, f.excludedCreditsPence, f.daysCovered]).toEqual([
      0, 0, 0, 1,
    ]);
  });
});
