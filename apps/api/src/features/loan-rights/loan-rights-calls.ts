import { ok, refuse } from '@lender/contract/envelope';
import { penceToPounds } from '@lender/contract/money';
import { implementCall } from '../../plugins/calls';
import type { LoanRightsService } from './loan-rights-service';

/**
 * MyAccountArea/CancelCpa, GetWithdrawal and Withdraw (not in the spec, issue 27, docs/decisions/026):
 * the session customer's own loan only; the rules are the service's.
 */
export const loanRightsCalls = (rights: LoanRightsService) => [
  implementCall('cancelCpa', async ({ principal }) => {
    const outcome = await rights.cancelCpa(principal.customerId);
    return outcome.kind === 'refused' ? refuse(outcome.refusal) : ok({ cancelledAt: outcome.cancelledAt });
  }),
  implementCall('getWithdrawal', async ({ principal }) => ok(await rights.withdrawal(principal.customerId))),
  implementCall('withdraw', async ({ principal }) => {
    const outcome = await rights.withdraw(principal.customerId);
    return outcome.kind === 'refused'
      ? refuse(outcome.refusal)
      : ok({ amountToRepay: penceToPounds(outcome.amountToRepayPence), repayBy: outcome.repayBy });
  }),
];
