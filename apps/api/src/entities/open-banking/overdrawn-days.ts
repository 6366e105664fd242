import { dayNumber } from '@lender/contract/dates';
import type { BankAccountRead } from '../../lib/open-banking/account-information';

/** Overdrafts are on current accounts; a credit card's balance is always owed, so never 'overdrawn'. */
const CURRENT_ACCOUNT = 'currentaccount';

/**
 * Days from `fromDay` to `today` (day numbers) on which a current account ended overdrawn, a day counted
 * once however many accounts were. Each day's closing balance is worked back from today's booked balance
 * through the booked lines, so it holds whether or not the bank gives a running balance.
 */
export function overdrawnDays(accounts: readonly BankAccountRead[], fromDay: number, today: number): number {
  const days = today - fromDay + 1;
  const overdrawn = new Uint8Array(days);
  const net = new Float64Array(days);
  for (const a of accounts) {
    if (a.subType.toLowerCase() !== CURRENT_ACCOUNT) continue;
    net.fill(0);
    // Lines booked after today are in today's balance: take them out to start from today's close.
    let balance = a.balancePence;
    for (const t of a.transactions) {
      if (t.status !== 'booked') continue;
      const signed = t.direction === 'credit' ? t.amountPence : -t.amountPence;
      const offset = dayNumber(t.bookedOn) - fromDay;
      if (offset >= days) balance -= signed;
      else if (offset >= 0) net[offset]! += signed;
    }
    for (let d = days - 1; d >= 0; d--) {
      if (balance < 0) overdrawn[d] = 1;
      balance -= net[d]!;
    }
  }
  let count = 0;
  for (let d = 0; d < days; d++) count += overdrawn[d]!;
  return count;
}
