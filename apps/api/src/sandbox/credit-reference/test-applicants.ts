import { addDays, addMonths, type IsoDate } from '@lender/contract/dates';
import type { CreditReport } from '../../lib/credit-reference/credit-reference-agency';

/**
 * The sandbox's applicants (issue 47), answered by surname in any case; every other surname is a clean
 * file. Dates are counted back from the lender's business date, so a file reads the same whenever the
 * tests run. No file gives a modelled income (null): the agency gives one only where it can, and a
 * figure here would trip the lender's income check for applicants who declare more.
 */
export const TEST_SURNAMES = {
  thinFile: 'Thinfile',
  judgement: 'Judgement',
  insolvent: 'Insolvent',
  stacker: 'Stacker',
  mismatch: 'Mismatch',
  arrangement: 'Arrangement',
  slowpoke: 'Slowpoke',
} as const;

/** The report's body: everything but the reference and time, which each search gets afresh. */
export type SandboxFile = Omit<CreditReport, 'reference' | 'searchedAt'>;

export const isSlowpoke = (surname: string) => surname.trim().toLowerCase() === 'slowpoke';

type Account = CreditReport['accounts'][number];

const upToDate = (months: number) => Array.from({ length: months }, () => '0' as const);

/** A current account and a credit card paid as agreed: a modest ordinary file. */
const ordinaryAccounts = (today: IsoDate): Account[] => [
  {
    type: 'current-account',
    openedOn: addMonths(today, -72),
    closedOn: null,
    balancePence: 0,
    monthlyPaymentPence: 0,
    statusHistory: upToDate(12),
    defaultedOn: null,
    arrangement: false,
  },
  {
    type: 'credit-card',
    openedOn: addMonths(today, -38),
    closedOn: null,
    balancePence: 42_000,
    monthlyPaymentPence: 2_500,
    statusHistory: upToDate(12),
    defaultedOn: null,
    arrangement: false,
  },
];

const clean = (today: IsoDate): SandboxFile => ({
  identity: {
    matchLevel: 'confirmed',
    electoralRoll: { registered: true, monthsAtAddress: 48 },
    deceased: false,
  },
  score: { value: 720, scorecard: 'SBX-CONSUMER-2' },
  publicRecords: { ccjs: [], insolvencies: [] },
  accounts: ordinaryAccounts(today),
  searches: [],
  modelledMonthlyIncomePence: null,
  reasonCodes: [],
});

const hcstcLoan = (today: IsoDate, daysAgo: number, balancePence: number): Account => ({
  type: 'hcstc',
  openedOn: addDays(today, -daysAgo),
  closedOn: null,
  balancePence,
  monthlyPaymentPence: Math.round(balancePence / 3),
  statusHistory: ['0'],
  defaultedOn: null,
  arrangement: false,
});

/** The file of `surname` on `today` (the lender's business date). */
export function fileFor(surname: string, today: IsoDate): SandboxFile {
  const base = clean(today);
  switch (surname.trim().toLowerCase()) {
    case 'thinfile':
      return {
        ...base,
        identity: { ...base.identity, electoralRoll: { registered: true, monthsAtAddress: 7 } },
        score: null,
        accounts: [],
        reasonCodes: ['THIN-FILE'],
      };
    case 'judgement':
      return {
        ...base,
        score: { value: 540, scorecard: base.score!.scorecard },
        publicRecords: {
          ccjs: [{ amountPence: 64_000, registeredOn: addMonths(today, -6), satisfiedOn: null }],
          insolvencies: [],
        },
        reasonCodes: ['CCJ-UNSATISFIED'],
      };
    case 'insolvent':
      return {
        ...base,
        score: { value: 380, scorecard: base.score!.scorecard },
        publicRecords: {
          ccjs: [],
          insolvencies: [{ type: 'iva', status: 'active', startedOn: addMonths(today, -14) }],
        },
        accounts: base.accounts.filter((a) => a.type === 'current-account'),
        reasonCodes: ['INSOLVENCY-ACTIVE'],
      };
    case 'stacker':
      return {
        ...base,
        score: { value: 560, scorecard: base.score!.scorecard },
        accounts: [
          ...base.accounts,
          hcstcLoan(today, 25, 30_000),
          hcstcLoan(today, 18, 25_000),
          hcstcLoan(today, 9, 40_000),
        ],
        searches: [2, 5, 9, 14, 21].map((daysAgo) => ({
          searchedOn: addDays(today, -daysAgo),
          type: 'application' as const,
          industry: 'hcstc' as const,
        })),
        reasonCodes: ['HCSTC-OPEN-3', 'HCSTC-SEARCHES-30D-5'],
      };
    case 'mismatch':
      // No person of that date of birth at the address: nothing of the file can be told to be theirs.
      return {
        ...base,
        identity: {
          matchLevel: 'none',
          electoralRoll: { registered: false, monthsAtAddress: null },
          deceased: false,
        },
        score: null,
        accounts: [],
        reasonCodes: ['NO-MATCH-DOB-AT-ADDRESS'],
      };
    case 'arrangement':
      return {
        ...base,
        score: { value: 610, scorecard: base.score!.scorecard },
        accounts: [
          base.accounts[0]!,
          {
            type: 'credit-card',
            openedOn: addMonths(today, -50),
            closedOn: null,
            balancePence: 286_000,
            monthlyPaymentPence: 8_500,
            // Arrears before the arrangement was agreed 4 months ago; paid as arranged since.
            statusHistory: ['0', '0', '0', '0', '2', '1', '0', '0', '0', '0', '0', '0'],
            defaultedOn: null,
            arrangement: true,
          },
        ],
        reasonCodes: ['ARRANGEMENT-ACTIVE'],
      };
    default:
      return base;
  }
}
