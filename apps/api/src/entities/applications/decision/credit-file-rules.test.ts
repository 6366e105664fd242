import { addDays } from '@lender/contract/dates';
import { describe, expect, it } from 'vitest';
import type { CreditReport } from '../../../lib/credit-reference/credit-reference-agency';
import { agencyCommitmentsPence, creditFileBreaches, CREDIT_FILE_RULES } from './credit-file-rules';

const today = '2026-11-28';
type Account = CreditReport['accounts'][number];

const account = (a: Partial<Account> = {}): Account => ({
  type: 'credit-card',
  openedOn: '2020-01-01',
  closedOn: null,
  balancePence: 10_000,
  monthlyPaymentPence: 2_500,
  statusHistory: ['0'],
  defaultedOn: null,
  arrangement: false,
  ...a,
});

const clean = (r: Partial<CreditReport> = {}): CreditReport => ({
  reference: 'REF-1',
  searchedAt: `${today}T10:00:00`,
  identity: {
    matchLevel: 'confirmed',
    electoralRoll: { registered: true, monthsAtAddress: 40 },
    deceased: false,
  },
  score: { value: 720, scorecard: 'sandbox' },
  publicRecords: { ccjs: [], insolvencies: [] },
  accounts: [account({ type: 'current-account', monthlyPaymentPence: 0 })],
  searches: [],
  modelledMonthlyIncomePence: null,
  reasonCodes: [],
  ...r,
});

const rules = (r: CreditReport, declared = 200_000) =>
  creditFileBreaches(r, declared, today).map((b) => `${b.rule}:${b.outcome}`);

describe('what a credit file decides (CREDIT_FILE_RULES)', () => {
  it('finds nothing in a clean file', () => {
    expect(rules(clean())).toEqual([]);
  });

  it('declines an active insolvency, not a discharged one', () => {
    const iva = (status: 'active' | 'discharged') =>
      clean({
        publicRecords: { ccjs: [], insolvencies: [{ type: 'iva', status, startedOn: '2025-01-01' }] },
      });
    expect(rules(iva('active'))).toEqual(['activeInsolvency:decline']);
    expect(rules(iva('discharged'))).toEqual([]);
  });

  it('declines an unsatisfied county court judgment, not a satisfied one', () => {
    const ccj = (satisfiedOn: string | null) =>
      clean({
        publicRecords: {
          ccjs: [{ amountPence: 64_000, registeredOn: '2026-05-28', satisfiedOn }],
          insolvencies: [],
        },
      });
    expect(rules(ccj(null))).toEqual(['unsatisfiedCcj:decline']);
    expect(rules(ccj('2026-08-01'))).toEqual([]);
  });

  it('declines a default of the last 365 days, not one a day older', () => {
    const days = CREDIT_FILE_RULES.recentDefault.withinDays;
    const defaulted = (on: string) =>
      clean({ accounts: [account({ defaultedOn: on, statusHistory: ['D'] })] });
    expect(rules(defaulted(addDays(today, -days)))).toEqual(['recentDefault:decline']);
    expect(rules(defaulted(addDays(today, -days - 1)))).toEqual([]);
  });

  it('declines three open high-cost short-term loans, not two, and a closed one does not count', () => {
    const hcstc = (open: number, closed = 0) =>
      clean({
        accounts: [
          ...Array.from({ length: open }, () => account({ type: 'hcstc' })),
          ...Array.from({ length: closed }, () => account({ type: 'hcstc', closedOn: '2026-10-01' })),
        ],
      });
    expect(rules(hcstc(3))).toEqual(['openHcstc:decline']);
    expect(rules(hcstc(2, 4))).toEqual([]);
  });

  it('declines five HCSTC application searches in 30 days, not four, nor older or soft ones', () => {
    const search = (daysAgo: number, type: 'quotation' | 'application' = 'application') => ({
      searchedOn: addDays(today, -daysAgo),
      type,
      industry: 'hcstc' as const,
    });
    const five = [1, 2, 3, 4, 30].map((d) => search(d));
    expect(rules(clean({ searches: five }))).toEqual(['hcstcSearches:decline']);
    expect(rules(clean({ searches: [...five.slice(0, 4), search(31)] }))).toEqual([]);
    expect(rules(clean({ searches: [...five.slice(0, 4), search(5, 'quotation')] }))).toEqual([]);
  });

  it('refers an identity the agency could not confirm, and a deceased flag', () => {
    const identity = (matchLevel: 'partial' | 'none', deceased = false) =>
      clean({
        identity: { matchLevel, electoralRoll: { registered: false, monthsAtAddress: null }, deceased },
      });
    expect(rules(identity('none'))).toEqual(['identityNotConfirmed:refer']);
    expect(rules(identity('partial', true))).toEqual(['identityNotConfirmed:refer', 'deceased:refer']);
  });

  it('refers a modelled income under 70% of the declared one, not at 70%', () => {
    expect(rules(clean({ modelledMonthlyIncomePence: 139_999 }), 200_000)).toEqual([
      'modelledIncomeLow:refer',
    ]);
    expect(rules(clean({ modelledMonthlyIncomePence: 140_000 }), 200_000)).toEqual([]);
  });

  it('lists declines before referrals', () => {
    const both = clean({
      identity: {
        matchLevel: 'none',
        electoralRoll: { registered: false, monthsAtAddress: null },
        deceased: false,
      },
      publicRecords: { ccjs: [], insolvencies: [{ type: 'dro', status: 'active', startedOn: '2026-01-01' }] },
    });
    expect(rules(both)).toEqual(['activeInsolvency:decline', 'identityNotConfirmed:refer']);
  });

  it("counts the monthly payments of open credit as commitments, not the current account's, the mortgage's or closed ones", () => {
    const r = clean({
      accounts: [
        account({ monthlyPaymentPence: 8_500, arrangement: true }),
        account({ type: 'loan', monthlyPaymentPence: 12_000 }),
        account({ type: 'mortgage', monthlyPaymentPence: 70_000 }),
        account({ type: 'current-account', monthlyPaymentPence: 1_000 }),
        account({ monthlyPaymentPence: 5_000, closedOn: '2026-01-01' }),
      ],
    });
    expect(agencyCommitmentsPence(r)).toBe(20_500);
  });

  it("declines a loan that is not affordable once the credit file's commitments replace the lower declared ones", () => {
    // £2,000 a month, £1,500 of expenses of which £50 credit commitments, a £150 instalment: £350 left
    // against a £200 buffer as declared.
    const declared = { expensesPence: 150_000, commitmentsPence: 5_000, instalmentPence: 15_000 };
    const withCommitments = (monthlyPaymentPence: number) =>
      creditFileBreaches(clean({ accounts: [account({ monthlyPaymentPence })] }), 200_000, today, declared);
    // £400 a month on the file: £1,850 of expenses, nothing left.
    const [breach] = withCommitments(40_000);
    expect(breach).toMatchObject({
      rule: 'unaffordableOnFileCommitments',
      outcome: 'decline',
      details: {
        fileCommitmentsPence: 40_000,
        declaredCommitmentsPence: 5_000,
        leftPence: 0,
        bufferPence: 20_000,
      },
    });
    // £100 on the file: higher than declared, £300 left, still above the buffer.
    expect(withCommitments(10_000)).toEqual([]);
    // £20 on the file, lower than declared: the declared figure stands.
    expect(withCommitments(2_000)).toEqual([]);
    // Without declared expenses (stage 1, whose stage 3 comes later) the rule does not apply.
    expect(
      creditFileBreaches(clean({ accounts: [account({ monthlyPaymentPence: 40_000 })] }), 200_000, today),
    ).toEqual([]);
  });
});
