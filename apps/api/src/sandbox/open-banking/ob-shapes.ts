import type { Pence } from '@lender/contract/money';
import type { BankAccountRead, BankTransaction } from '../../lib/open-banking/account-information';

/** Pence as OB's decimal string ('2400.00'), written from the integer: no float in between. */
export function obAmount(pence: Pence) {
  const abs = Math.abs(pence);
  return { Amount: `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`, Currency: 'GBP' };
}

const indicatorOf = (signedPence: Pence) => (signedPence < 0 ? 'Debit' : 'Credit');

/** A London calendar day as an instant: noon UTC is that day in London in summer and winter alike. */
const bookingDateTime = (date: string) => `${date}T12:00:00+00:00`;

/** OBAccount6, with a made-up sort code and number derived from the id (ReadAccountsDetail shows them). */
export function obAccount(account: BankAccountRead, name: string) {
  const digits = [...account.accountId].reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 100_000_000, 7);
  return {
    AccountId: account.accountId,
    Currency: 'GBP',
    AccountType: 'Personal',
    AccountSubType: account.subType,
    Nickname: name,
    Account: [
      {
        SchemeName: 'UK.OBIE.SortCodeAccountNumber',
        Identification: `040004${String(digits).padStart(8, '0')}`,
        Name: name,
      },
    ],
  };
}

/** OBReadBalance1's balances: booked and available alike (the sandbox grants no overdraft limit). */
export function obBalances(account: BankAccountRead, at: string) {
  return ['InterimAvailable', 'InterimBooked'].map((Type) => ({
    AccountId: account.accountId,
    Amount: obAmount(account.balancePence),
    CreditDebitIndicator: indicatorOf(account.balancePence),
    Type,
    DateTime: at,
  }));
}

/** OBTransaction6 of one transaction: the other side as creditor of money out, debtor of money in. */
export function obTransaction(accountId: string, tx: BankTransaction) {
  const party = tx.counterparty ? { Name: tx.counterparty } : undefined;
  return {
    AccountId: accountId,
    TransactionId: tx.transactionId,
    CreditDebitIndicator: tx.direction === 'credit' ? 'Credit' : 'Debit',
    Status: tx.status === 'booked' ? 'Booked' : 'Pending',
    BookingDateTime: bookingDateTime(tx.bookedOn),
    ValueDateTime: bookingDateTime(tx.bookedOn),
    TransactionInformation: tx.description,
    Amount: obAmount(tx.amountPence),
    ...(tx.bankCode ? { ProprietaryBankTransactionCode: { Code: tx.bankCode, Issuer: 'SandboxBank' } } : {}),
    ...(tx.merchantName || tx.merchantCategoryCode
      ? {
          MerchantDetails: {
            ...(tx.merchantName ? { MerchantName: tx.merchantName } : {}),
            ...(tx.merchantCategoryCode ? { MerchantCategoryCode: tx.merchantCategoryCode } : {}),
          },
        }
      : {}),
    ...(party && tx.direction === 'debit' ? { CreditorAccount: party } : {}),
    ...(party && tx.direction === 'credit' ? { DebtorAccount: party } : {}),
    ...(tx.balanceAfterPence === null
      ? {}
      : {
          Balance: {
            Amount: obAmount(tx.balanceAfterPence),
            CreditDebitIndicator: indicatorOf(tx.balanceAfterPence),
            Type: 'InterimBooked',
          },
        }),
  };
}
