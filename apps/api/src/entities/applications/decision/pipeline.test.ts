import { buildQuote } from '@lender/contract/pricing/quote';
import { describe, expect, it } from 'vitest';
import { MAX_12_MONTH_COST_SHARE_OF_MONTHLY_INCOME } from './checks/combined-cost';
import { MAX_LOANS_IN_12_MONTHS } from './checks/loans-in-12-months';
import type { ApplicationFacts, DecisionCheck, DecisionServices } from './decision-check';
import { CREDIT_REFERENCE_CHECK } from './checks/credit-reference';
import { DECISION_CHECKS, decisionPipeline } from './pipeline';

const today = '2026-03-02';
const terms = { amountPence: 30_000, period: 3, wageFrequencyId: 9, repaymentDate: '2026-03-20' };
const quote = buildQuote({ ...terms, dailyRate: 0.008, today });

/** A repeat applicant every rule passes: £2,200 a month, £900 of expenses, a £300 loan over 3 months. */
const facts = (overrides: Partial<ApplicationFacts> = {}): ApplicationFacts => ({
  channel: 'repeat',
  today,
  applicant: {
    email: 'a@example.com',
    mobile: '07000000000',
    birthDate: '1990-05-01',
    isResident: true,
    firstName: 'Ann',
    lastName: 'Example',
    address: {
      postCode: 'LS1 1AA',
      county: '',
      town: 'Leeds',
      street: 'High Street',
      building: '',
      houseNumber: '1',
      flatNo: '',
      addressStr: '1 High Street, Leeds, LS1 1AA',
    },
  },
  application: { guid: '00000000-0000-4000-8000-000000000001', customerId: 1 },
  creditSearch: 'application',
  terms,
  dailyRate: 0.008,
  quote,
  netMonthlyIncomePence: 220_000,
  expensesPence: 90_000,
  declaredCommitmentsPence: 5_000,
  history: { loansLast12Months: 1, costLast12MonthsPence: 5_000, defaultsLast12Months: 0 },
  statement: null,
  ...overrides,
});

/**
 * A repeat loan is the customer's own: the existing-customer check must not look anyone up. The checks
 * of our own records only: the credit file's check is tested with the agency's sandbox
 * (checks/credit-reference.test.ts), and this one says where in the order it runs.
 */
const services: DecisionServices = {
  records: new Proxy({} as DecisionServices['records'], {
    get: () => {
      throw new Error('a repeat loan looked up existing customers');
    },
  }),
  creditReference: new Proxy({} as DecisionServices['creditReference'], {
    get: () => {
      throw new Error('the agency was asked');
    },
  }),
};
const OWN_CHECKS = DECISION_CHECKS.filter((c) => c.name !== CREDIT_REFERENCE_CHECK);
const decide = (f: ApplicationFacts, checks = OWN_CHECKS) => decisionPipeline(checks, services).decide(f);
const declinedBy = async (f: ApplicationFacts) => (await decide(f)).declinedBy?.check ?? null;
const interestPence = quote.totalRepayablePence - terms.amountPence;

describe('the decision step for a repeat loan (docs/decisions/027)', () => {
  it('searches the credit file last: an application our own records decline is never searched', () => {
    expect(DECISION_CHECKS.at(-1)?.name).toBe(CREDIT_REFERENCE_CHECK);
  });

  it('passes an applicant every check passes, with every finding in order', async () => {
    const d = await decide(facts());
    expect(d.outcome).toBe('pass');
    expect(d.findings.map((f) => f.check)).toEqual([
      'screen',
      'affordability',
      'loans-in-12-months',
      'combined-cost',
      'defaults',
    ]);
  });

  it('declines a fifth loan in 12 months, not a fourth', async () => {
    const history = (n: number) => ({ ...facts().history!, loansLast12Months: n });
    expect(await declinedBy(facts({ history: history(MAX_LOANS_IN_12_MONTHS - 1) }))).toBeNull();
    expect(await declinedBy(facts({ history: history(MAX_LOANS_IN_12_MONTHS) }))).toBe('loans-in-12-months');
  });

  it("declines when the year's cost of credit and this loan's interest pass half a month's income", async () => {
    const limit = 220_000 * MAX_12_MONTH_COST_SHARE_OF_MONTHLY_INCOME;
    const at = (cost: number) => facts({ history: { ...facts().history!, costLast12MonthsPence: cost } });
    expect(await declinedBy(at(limit - interestPence))).toBeNull();
    expect(await declinedBy(at(limit - interestPence + 1))).toBe('combined-cost');
  });

  it('declines after a default in the year, an unaffordable instalment, or a failed first screen', async () => {
    expect(await declinedBy(facts({ history: { ...facts().history!, defaultsLast12Months: 1 } }))).toBe(
      'defaults',
    );
    expect(await declinedBy(facts({ expensesPence: 200_000 }))).toBe('affordability');
    const young = await decide(facts({ applicant: { ...facts().applicant, birthDate: '2009-01-01' } }));
    expect(young.declinedBy).toEqual({
      check: 'screen',
      outcome: 'decline',
      reasonCode: 'under-age',
      details: { minimumAge: 18 },
      text: 'under-age: 17',
    });
  });

  it('stops at the first decline: no later check runs (an outside search is never made for it)', async () => {
    const ran: string[] = [];
    const spy: DecisionCheck = {
      name: 'spy',
      readsTerms: false,
      run: async () => {
        ran.push('spy');
        return [];
      },
    };
    await decide(facts({ expensesPence: 200_000 }), [...OWN_CHECKS, spy]);
    expect(ran).toEqual([]);
    await decide(facts(), [...OWN_CHECKS, spy]);
    expect(ran).toEqual(['spy']);
  });

  it('passes with a referral without stopping, and says so', async () => {
    const refer: DecisionCheck = {
      name: 'refer',
      readsTerms: false,
      run: async () => [{ check: 'refer', outcome: 'refer', reasonCode: 'look', details: {}, text: 'look' }],
    };
    const d = await decide(facts(), [refer, ...OWN_CHECKS]);
    expect(d.outcome).toBe('refer');
    expect(d.findings).toHaveLength(6);
  });
});
