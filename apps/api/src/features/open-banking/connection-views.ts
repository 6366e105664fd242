import { londonToday } from '@lender/contract/dates';
import type { BankConnections, VerificationView } from '@lender/contract/calls/open-banking';
import type { BankConnection } from '../../entities/open-banking/bank-connection-repository';
import type { VerifiedFigures } from '../../entities/open-banking/verified-figures';
import { EXPENSE_KEYS } from '@lender/contract/expenses';

/** What the bank showed, as the applicant reads it: the payers and the spending, no transaction. */
export function verificationView(
  v: { connectionGuid: string; bankName: string; readOn: string },
  f: VerifiedFigures,
): VerificationView {
  return {
    connectionGuid: v.connectionGuid,
    bankName: v.bankName,
    readOn: v.readOn,
    daysCovered: f.daysCovered,
    monthlyIncomePence: f.monthlyIncomePence,
    incomeSources: f.incomeSources.map((s) => ({
      payer: s.payer,
      kind: s.kind,
      monthlyPence: s.monthlyPence,
    })),
    spending: EXPENSE_KEYS.flatMap((category) => {
      const monthlyPence = f.spendingPence[category];
      return monthlyPence === undefined ? [] : [{ category, monthlyPence }];
    }),
  };
}

export const connectionView = (c: BankConnection): BankConnections['connections'][number] => ({
  connectionGuid: c.guid,
  bankName: c.bankName,
  status: c.status,
  startedOn: londonToday(new Date(c.createdAt)),
  expiresOn: londonToday(new Date(c.expiresAt)),
  revocable: c.status === 'awaiting' || c.status === 'connected',
});
