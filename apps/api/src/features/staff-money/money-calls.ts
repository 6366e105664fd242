import { ErrorId } from '@lender/contract/error-ids';
import { fail, ok } from '@lender/contract/envelope';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import type { PayoutProvider } from '../../lib/payout-provider/payout-provider';
import type { StaffResult } from '../../lib/staff-result';
import { implementCall, type ImplementedCall } from '../../plugins/calls';
import type { StaffPrincipal } from '../../plugins/principal';
import { moneyProposals, type MoneyActing } from './money-proposals';

const acting = (principal: StaffPrincipal, req: FastifyRequest): MoneyActing => ({
  staffId: principal.staffId,
  address: req.ip,
});

/**
 * A refusal in the envelope (HTTP 200, as every business outcome): an unknown loan or proposal is not
 * found; anything else (an amount over its limit, the maker deciding their own proposal, a proposal
 * already decided) is a conflict with the loan's or the proposal's state, in words staff read as they are.
 */
const refusal = (result: Extract<StaffResult<unknown>, { ok: false }>) =>
  fail(result.code === 'unknown' ? ErrorId.notFound : ErrorId.conflict, result.message);

/** Four eyes on money (issue 48 item 5), under /api/staff/Money/. */
export function moneyCalls(ctx: AppContext, payoutProvider: PayoutProvider): ImplementedCall[] {
  const money = moneyProposals(ctx, payoutProvider);
  return [
    implementCall('moneyLoanProposals', async ({ query }) =>
      ok({ proposals: await money.ofLoan(query.loanId) }),
    ),
    implementCall('moneyApprovals', async () => ok({ proposals: await money.waiting() })),
    implementCall('moneyProposeRefund', async ({ body, principal, req }) => {
      const made = await money.proposeRefund(body, acting(principal, req));
      return made.ok ? ok(made.value) : refusal(made);
    }),
    implementCall('moneyProposeWaiver', async ({ body, principal, req }) => {
      const made = await money.proposeWaiver(body, acting(principal, req));
      return made.ok ? ok(made.value) : refusal(made);
    }),
    implementCall('moneyProposeWriteOff', async ({ body, principal, req }) => {
      const made = await money.proposeWriteOff(body, acting(principal, req));
      return made.ok ? ok(made.value) : refusal(made);
    }),
    implementCall('moneyApprove', async ({ body, principal, req }) => {
      const approved = await money.approve(body.proposalId, acting(principal, req));
      return approved.ok ? ok(approved.value) : refusal(approved);
    }),
    implementCall('moneyReject', async ({ body, principal, req }) => {
      const rejected = await money.reject(body.proposalId, body.reason, acting(principal, req));
      return rejected.ok ? ok(rejected.value) : refusal(rejected);
    }),
  ];
}
