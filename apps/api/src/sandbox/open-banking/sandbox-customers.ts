import type { IsoDate } from '@lender/contract/dates';
import type { BankAccountRead } from '../../lib/open-banking/account-information';

/** The sandbox bank's customers (issue 49: names others will rely on). */
export const SANDBOX_BANK_CUSTOMERS = ['salaried', 'gig', 'stressed', 'empty'] as const;
export type SandboxBankCustomer = (typeof SANDBOX_BANK_CUSTOMERS)[number];

/** A customer's accounts and their 90 days of transactions up to `today` (filled in by the categoriser's work). */
export function sandboxAccounts(customer: SandboxBankCustomer, today: IsoDate): BankAccountRead[] {
  void customer;
  void today;
  return [];
}
