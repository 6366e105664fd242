import type { IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';

/**
 * The applicant's own bank, read through UK Open Banking account information (issue 49; Read/Write API
 * v3.1): an account-access consent, the applicant's authorisation at their bank, then their accounts,
 * balances and transactions, and the consent revoked. A bank or aggregator that fails, answers outside
 * the protocol or does not answer in time gives `unavailable`, never a throw: the applicant is told, and
 * goes on without it where the application allows.
 */
export interface AccountInformation {
  /** The banks the applicant may pick from. */
  banks(): Promise<{ outcome: 'banks'; banks: Bank[] } | Unavailable>;
  /** An account-access consent awaiting the applicant's authorisation at `bankId`. */
  createConsent(request: ConsentRequest): Promise<{ outcome: 'consent'; consentId: string } | Unavailable>;
  /** Where the applicant is sent to authorise the consent; the bank sends them back to `redirectUrl`. */
  authorisationUrl(request: { bankId: string; consentId: string; state: string; redirectUrl: string }): string;
  /** The code the bank sent back exchanged for an access token (kept in memory only, never stored). */
  exchangeCode(request: {
    bankId: string;
    code: string;
    redirectUrl: string;
  }): Promise<{ outcome: 'token'; accessToken: string } | Unavailable>;
  /** Every account the consent covers, with its balance and its transactions since `from` (all pages). */
  readAccounts(request: {
    bankId: string;
    accessToken: string;
    from: IsoDate;
  }): Promise<{ outcome: 'read'; accounts: BankAccountRead[] } | Unavailable>;
  /** The consent revoked at the bank: nothing more can be read with it. */
  revokeConsent(request: { bankId: string; consentId: string }): Promise<{ outcome: 'revoked' } | Unavailable>;
}

export type Unavailable = { outcome: 'unavailable'; reason: string };

export type Bank = { bankId: string; name: string };

/** The permissions we ask for, and nothing else (data minimisation: no direct debits or standing orders list). */
export const CONSENT_PERMISSIONS = ['ReadAccountsDetail', 'ReadBalances', 'ReadTransactionsDetail'] as const;

export type ConsentRequest = {
  bankId: string;
  permissions: readonly (typeof CONSENT_PERMISSIONS)[number][];
  /** Transactions from this date (90 days back). */
  transactionsFrom: IsoDate;
  /** When the consent lapses by itself: at most 90 days on. An ISO date-time. */
  expiresAt: string;
};

/** One account as read: no sort code or account number leaves the adapter (we do not need them). */
export type BankAccountRead = {
  accountId: string;
  /** 'CurrentAccount', 'Savings', ... as the bank gives AccountSubType. */
  subType: string;
  /** The booked balance, signed: negative when overdrawn. */
  balancePence: Pence;
  transactions: BankTransaction[];
};

/** One transaction, from OBTransaction6, in our units: pence and the London date it was booked. */
export type BankTransaction = {
  transactionId: string;
  bookedOn: IsoDate;
  /** Always positive; `direction` says which way. */
  amountPence: Pence;
  direction: 'credit' | 'debit';
  status: 'booked' | 'pending';
  /** TransactionInformation: the statement's words (e.g. 'ACME LTD SALARY'). */
  description: string;
  /** MerchantDetails.MerchantName, where the bank gives one. */
  merchantName: string | null;
  /** MerchantDetails.MerchantCategoryCode (ISO 18245), e.g. '7995' for betting. */
  merchantCategoryCode: string | null;
  /** ProprietaryBankTransactionCode.Code: the bank's own kind, e.g. 'DD', 'BGC', 'FPI', 'TFR', 'FEE'. */
  bankCode: string | null;
  /** The other side's name (CreditorAccount or DebtorAccount Name), where given. */
  counterparty: string | null;
  /** The running balance after it, signed, where given. */
  balanceAfterPence: Pence | null;
};
