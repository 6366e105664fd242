import { ErrorId } from '@lender/contract/error-ids';
import { fail, ok } from '@lender/contract/envelope';
import type { AppContext } from '../../app-context';
import type { StaffResult } from '../../lib/staff-result';
import { implementCall, type ImplementedCall } from '../../plugins/calls';
import { planService } from './plan-service';

/** A refusal in the envelope (HTTP 200): an unknown loan is not found; anything else a conflict with its state. */
const refusal = (result: Extract<StaffResult<unknown>, { ok: false }>) =>
  fail(result.code === 'unknown' ? ErrorId.notFound : ErrorId.conflict, result.message);

/** A plan in arrears without a card (issue 48 item 5) under /api/staff/Loans/: the actor is the staff member. */
export function planCalls(ctx: AppContext): ImplementedCall[] {
  const plans = planService(ctx);
  return [
    implementCall('loansAgreePlan', async ({ body, principal, req }) => {
      const agreed = await plans.agree(body, { staffId: principal.staffId, address: req.ip });
      return agreed.ok ? ok(agreed.value) : refusal(agreed);
    }),
    implementCall('loansPlanFigures', async ({ query, principal, req }) => {
      const figures = await plans.figures(query.loanId, { staffId: principal.staffId, address: req.ip });
      return figures.ok ? ok(figures.value) : refusal(figures);
    }),
  ];
}
