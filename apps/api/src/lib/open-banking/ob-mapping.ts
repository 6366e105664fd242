import { londonToday, type IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import type { BankTransaction } from './account-information';
import type { ObTransaction } from './ob-read-schemas';

type ObAmount = { Amount: string; Currency: string };

/** application/x-www-form-urlencoded, as RFC 6749 §2.3.1 encodes the client id and secret before Basic. */
export const formEncode = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);

/**
 * The instant a London day starts, as OB's ISODateTime with its offset: midnight is 00:00+01:00 in
 * summer, so a plain `T00:00:00Z` would leave out the first hour of the first day.
 */
export function londonMidnight(date: IsoDate): string {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  const summer = londonToday(new Date(utcMidnight - 1)) === date;
  return `${date}T00:00:00${summer ? '+01:00' : '+00:00'}`;
}

/**
 * An OB decimal amount in whole pence, read from its digits (never `parseFloat(x) * 100`, which makes
 * 4.35 into 434.99999...): null for another currency or a fraction of a penny, which no pound account has.
 */
export function penceOf(amount: ObAmount): Pence | null {
  if (amount.Currency !== 'GBP') return null;
  const match = /^(\d{1,13})(?:\.(\d{1,5}))?$/.exec(amount.Amount);
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(5, '0');
  if (fraction.slice(2) !== '000') return null;
  return Number(match[1]) * 100 + Number(fraction.slice(0, 2));
}

/** Signed pence: a Debit balance is owed to the bank (overdrawn). */
export function signedPenceOf(amount: ObAmount, indicator: 'Credit' | 'Debit'): Pence | null {
  const pence = penceOf(amount);
  if (pence === null) return null;
  return indicator === 'Debit' && pence !== 0 ? -pence : pence;
}

/**
 * Which of an account's balances is 'the balance': the booked one as of now, then the end of the last
 * business day's; an available balance counts an overdraft limit as money, so it comes last.
 */
const BALANCE_PREFERENCE = ['InterimBooked', 'ClosingBooked', 'Expected', 'OpeningBooked'];

export function bookedBalance<T extends { Type: string }>(balances: readonly T[]): T {
  for (const type of BALANCE_PREFERENCE) {
    const found = balances.find((b) => b.Type === type);
    if (found) return found;
  }
  return balances[0]!;
}

/**
 * One OBTransaction6 in the port's units, or null when its money is not whole pence of pounds. A bank may
 * leave TransactionId out (it is optional in v3.1): the read's own position then names it, stable within
 * this read, which is all a snapshot needs.
 */
export function toBankTransaction(tx: ObTransaction, fallbackId: string): BankTransaction | null {
  const amountPence = penceOf(tx.Amount);
  if (amountPence === null) return null;
  let balanceAfterPence: Pence | null = null;
  if (tx.Balance) {
    balanceAfterPence = signedPenceOf(tx.Balance.Amount, tx.Balance.CreditDebitIndicator);
    if (balanceAfterPence === null) return null;
  }
  const direction = tx.CreditDebitIndicator === 'Credit' ? 'credit' : 'debit';
  // The other side: who was paid for money out, who paid for money in (the applicant is the rest).
  const otherSide = direction === 'debit' ? tx.CreditorAccount : tx.DebtorAccount;
  return {
    transactionId: tx.TransactionId ?? fallbackId,
    bookedOn: londonToday(new Date(tx.BookingDateTime)),
    amountPence,
    direction,
    status: tx.Status === 'Booked' ? 'booked' : 'pending',
    description: tx.TransactionInformation ?? '',
    merchantName: tx.MerchantDetails?.MerchantName ?? null,
    merchantCategoryCode: tx.MerchantDetails?.MerchantCategoryCode ?? null,
    bankCode: tx.ProprietaryBankTransactionCode?.Code ?? null,
    counterparty: otherSide?.Name || null,
    balanceAfterPence,
  };
}
