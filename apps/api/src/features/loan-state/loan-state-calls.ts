import { ok } from '@lender/contract/envelope';
import type { AppContext } from '../../app-context';
import { implementCall } from '../../plugins/calls';
import { loanFactsOf, loanStateOf } from '../../entities/loans/loan-state';

/** MyAccountArea/GetLoanState (issue 45 item 11): the session customer's loan state, on the business date. */
export const loanStateCalls = (ctx: AppContext) => [
  implementCall('getLoanState', async ({ principal }) =>
    ok(loanStateOf(await loanFactsOf(ctx.db, principal.customerId, ctx.businessDate.today()))),
  ),
];
