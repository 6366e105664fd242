import { addDays, type IsoDate } from '@lender/contract/dates';
import { categorise } from '../../apps/api/src/entities/open-banking/categorise';
import type {
  BankAccountRead,
  BankTransaction,
} from '../../apps/api/src/lib/open-banking/account-information';

/**
 * Issue 49: the open banking categoriser over 90 days of 1,000 transactions, in this process (it is pure
 * and runs inside the decision step, so the server adds nothing to what is measured here).
 */
export type CategoriseFigures = {
  transactions: number;
  /** The first call in the process: the rules' patterns compiled on import, the code not yet optimised. */
  firstMs: number;
  runs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
};

export const CATEGORISE_TRANSACTIONS = 1_000;
const TODAY: IsoDate = '2026-11-28';

type Template = Omit<BankTransaction, 'transactionId' | 'bookedOn' | 'status' | 'balanceAfterPence'>;
const line = (
  description: string,
  pence: number,
  direction: 'credit' | 'debit',
  bankCode: string,
  extra: Partial<Template> = {},
): Template => ({
  description,
  amountPence: pence,
  direction,
  bankCode,
  merchantName: null,
  merchantCategoryCode: null,
  counterparty: null,
  ...extra,
});

// What a busy current account shows, card payments most of it: every rule of the table is reached, and
// most lines go through all of them (a card payment at a shop matches none).
const EVERYDAY: readonly Template[] = [
  line('TESCO STORES 2931', 4_250, 'debit', 'DEB', {
    merchantName: 'TESCO STORES',
    merchantCategoryCode: '5411',
  }),
  line('SAINSBURYS S/MKTS', 2_310, 'debit', 'DEB', {
    merchantName: 'SAINSBURYS',
    merchantCategoryCode: '5411',
  }),
  line('TFL TRAVEL CH', 1_720, 'debit', 'DEB', {
    merchantName: 'TFL TRAVEL CH',
    merchantCategoryCode: '4111',
  }),
  line('PRET A MANGER', 640, 'debit', 'DEB', { merchantName: 'PRET A MANGER', merchantCategoryCode: '5814' }),
  line('AMAZON.CO.UK*2K4LQ', 2_499, 'debit', 'DEB', {
    merchantName: 'AMAZON.CO.UK',
    merchantCategoryCode: '5999',
  }),
  line('SHELL WAKEFIELD RD', 4_800, 'debit', 'DEB', { merchantName: 'SHELL', merchantCategoryCode: '5541' }),
  line('BET365', 2_000, 'debit', 'DEB', { merchantName: 'BET365', merchantCategoryCode: '7995' }),
  line('PADDY POWER', 1_500, 'debit', 'FPO', { counterparty: 'PADDY POWER' }),
  line('CASH NOTEMACHINE', 2_000, 'debit', 'CPT'),
  line('J SMITH DINNER', 1_800, 'credit', 'FPI', { counterparty: 'J SMITH' }),
  line('AMAZON.CO.UK REFUND', 2_499, 'credit', 'DEB', {
    merchantName: 'AMAZON.CO.UK',
    merchantCategoryCode: '5999',
  }),
  line('UBER EATS PAYOUT', 18_700, 'credit', 'FPI', { counterparty: 'UBER EATS' }),
];
// Monthly lines, on the 1st to the 28th of each month.
const MONTHLY: readonly Template[] = [
  line('ACME LTD SALARY', 240_000, 'credit', 'BGC', { counterparty: 'ACME LTD' }),
  line('DWP UC 6012345678', 85_000, 'credit', 'BGC', { counterparty: 'DWP UC' }),
  line('MR J PATEL RENT', 75_000, 'debit', 'SO', { counterparty: 'MR J PATEL' }),
  line('LB HACKNEY COUNCIL TAX', 14_200, 'debit', 'DD'),
  line('BRITISH GAS', 8_600, 'debit', 'DD'),
  line('THAMES WATER', 3_850, 'debit', 'DD'),
  line('BARCLAYCARD', 5_000, 'debit', 'DD'),
  line('LENDING STREAM LLP', 14_800, 'debit', 'DEB', { merchantName: 'LENDING STREAM' }),
  line('UNPAID DD PUREGYM LTD', 2_499, 'credit', 'DD'),
  line('UNPAID ITEM FEE', 1_000, 'debit', 'FEE'),
  line('MONEYBOAT LOAN', 30_000, 'credit', 'FPI', { counterparty: 'MONEYBOAT' }),
  line('TO SAVINGS 40112233', 20_000, 'debit', 'TFR'),
];

/**
 * 1,000 lines over the 90 days up to `today`, the same every run: the monthly lines on their days, the
 * rest spread evenly, one in fifty pending; and a savings account whose transfers mirror the current
 * account's (so the own-transfer matching has work to do).
 */
export function benchStatement(today: IsoDate = TODAY): BankAccountRead[] {
  const current: BankTransaction[] = [];
  const savings: BankTransaction[] = [];
  const start = addDays(today, -89);
  for (let month = 0; month < 3; month++) {
    MONTHLY.forEach((t, k) => {
      const bookedOn = addDays(start, month * 30 + k * 2);
      current.push({
        ...t,
        transactionId: `m${month}-${k}`,
        bookedOn,
        status: 'booked',
        balanceAfterPence: null,
      });
      if (t.bankCode === 'TFR') {
        const mirror = { ...t, direction: 'credit' as const, description: 'FROM CURRENT 40998877' };
        savings.push({
          ...mirror,
          transactionId: `s${month}`,
          bookedOn,
          status: 'booked',
          balanceAfterPence: null,
        });
      }
    });
  }
  const rest = CATEGORISE_TRANSACTIONS - current.length - savings.length;
  for (let i = 0; i < rest; i++) {
    const t = EVERYDAY[(i * 7) % EVERYDAY.length]!;
    current.push({
      ...t,
      // Amounts vary, so that not every card payment has a twin to be matched against.
      amountPence: t.amountPence + ((i * 37) % 500),
      transactionId: `e${i}`,
      bookedOn: addDays(start, Math.floor((i * 90) / rest)),
      status: i % 50 === 49 ? 'pending' : 'booked',
      balanceAfterPence: null,
    });
  }
  return [
    { accountId: 'bench-current', subType: 'CurrentAccount', balancePence: 150_000, transactions: current },
    { accountId: 'bench-savings', subType: 'Savings', balancePence: 400_000, transactions: savings },
  ];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (n: number) => Math.round(n * 1000) / 1000;

/** Times `runs` categorisations of the same statement, after the first call (timed on its own). */
export function measureCategorise(runs: number): CategoriseFigures {
  const accounts = benchStatement();
  const transactions = accounts.reduce((n, a) => n + a.transactions.length, 0);
  let started = performance.now();
  let figures = categorise(accounts, TODAY);
  const firstMs = performance.now() - started;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    started = performance.now();
    figures = categorise(accounts, TODAY);
    times.push(performance.now() - started);
  }
  // A statement that categorised to nothing would time a shortcut, not the categoriser.
  if (figures.monthlyIncomePence === 0 || figures.hcstcLenders === 0) {
    throw new Error('categorise: the bench statement found no income or no HCSTC lender');
  }
  times.sort((a, b) => a - b);
  return {
    transactions,
    firstMs: ms(firstMs),
    runs,
    p50Ms: ms(percentile(times, 50)),
    p99Ms: ms(percentile(times, 99)),
    maxMs: ms(times.at(-1)!),
  };
}
