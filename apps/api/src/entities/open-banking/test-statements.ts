import { addDays, type IsoDate } from '@lender/contract/dates';
import type { BankAccountRead, BankTransaction } from '../../lib/open-banking/account-information';
import { categorise } from './categorise';

/** Statements for the categoriser's tests: lines and accounts with only what a test cares about set. */
export const TODAY = '2026-11-28';
export const ago = (days: number) => addDays(TODAY, -days);

let sequence = 0;
export const createTransaction = (overrides: Partial<BankTransaction> = {}): BankTransaction => ({
  transactionId: `t${++sequence}`,
  bookedOn: TODAY,
  amountPence: 1_000,
  direction: 'debit',
  status: 'booked',
  description: 'CARD PAYMENT',
  merchantName: null,
  merchantCategoryCode: null,
  bankCode: 'DEB',
  counterparty: null,
  balanceAfterPence: null,
  ...overrides,
});
export const createAccount = (transactions: BankTransaction[], overrides: Partial<BankAccountRead> = {}) => ({
  accountId: `a${++sequence}`,
  subType: 'CurrentAccount',
  balancePence: 100_000,
  transactions,
  ...overrides,
});
export const credit = (
  on: IsoDate,
  amountPence: number,
  party: string,
  overrides: Partial<BankTransaction> = {},
) =>
  createTransaction({
    bookedOn: on,
    amountPence,
    direction: 'credit',
    bankCode: 'FPI',
    description: party,
    counterparty: party,
    ...overrides,
  });
export const debit = (
  on: IsoDate,
  amountPence: number,
  description: string,
  overrides: Partial<BankTransaction> = {},
) => createTransaction({ bookedOn: on, amountPence, description, ...overrides });
/** Three monthly credits from one payer (would be £`pence` a month of income if nothing excluded them). */
export const monthly = (pence: number, party: string, overrides: Partial<BankTransaction> = {}) =>
  [85, 55, 25].map((d) => credit(ago(d), pence, party, overrides));
export const figures = (...accounts: BankAccountRead[]) => categorise(accounts, TODAY);
