import { ok, refuse } from '@lender/contract/envelope';
import { penceToPounds } from '@lender/contract/money';
import { implementCall } from '../../plugins/calls';
import type { LoanRightsService } from './loan-rights-service';
import type { debtAdvicePauseService } from './debt-advice-pause';

/**
 * MyAccountArea/CancelCpa, GetWithdrawal and Withdraw (not in the spec, issue 27, docs/decisions/026) and
 * PauseForDebtAdvice (issue 46 item 7, docs/decisions/075): the session customer's own loan only; the
 * rules are the services'.
 */
export const loanRightsCalls = (
  rights: LoanRightsService,
  pauses: ReturnType<typeof debtAdvicePauseService>,
) => [
  implementCall('cancelCpa', async ({ principal }) => {
    const outcome = await rights.cancelCpa(principal.customerId);
    return outcome.kind === 'refused' ? refuse(outcome.refusal) : ok({ cancelledAt: outcome.cancelledAt });
  }),
  implementCall('pauseForDebtAdvice', async ({ principal }) => {
    const outcome = await pauses.pause(principal.customerId);
    return outcome.kind === 'refused' ? refuse(outcome.refusal) : ok({ pauseUntil: outcome.pauseUntil });
  }),
  implementCall('getWithdrawal', async ({ principal }) => ok(await rights.withdrawal(principal.customerId))),
  implementCall('withdraw', async ({ principal }) => {
    const outcome = await rights.withdraw(principal.customerId);
    return outcome.kind === 'refused'
      ? refuse(outcome.refusal)
      : ok({ amountToRepay: penceToPounds(outcome.amountToRepayPence), repayBy: outcome.repayBy });
  }),
];
