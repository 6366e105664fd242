import type { PaymentStatus } from './tables';

/** The sandbox's test accounts: what a payment to each does; any other valid account is paid at once. */
export const TEST_ACCOUNTS = {
  closed: '00000002',
  pending: '00000003',
} as const;

/** Decided once, when the payment is made, from the account number, which is then kept only hashed. */
export function outcomeFor(accountNumber: string): { status: PaymentStatus; reason: string } {
  switch (accountNumber) {
    case TEST_ACCOUNTS.closed:
      return { status: 'rejected', reason: 'Beneficiary account closed.' };
    case TEST_ACCOUNTS.pending:
      // Never settles: for the lender's handling of a payout still pending when it asks again.
      return { status: 'pending', reason: 'The payment is being processed.' };
    default:
      return { status: 'paid', reason: '' };
  }
}
