import { ErrorId } from '@lender/contract/error-ids';
import { fail, ok } from '@lender/contract/envelope';
import { parsePounds, poundsToPence } from '@lender/contract/money';
import type { AppContext } from '../../app-context';
import type { StaffResult } from '../../lib/staff-result';
import { implementCall, type ImplementedCall } from '../../plugins/calls';
import { bankTransferService } from './bank-transfer-service';
import { promiseService } from './promise-service';

/** A refusal in the envelope (HTTP 200): an unknown loan is not found; anything else a conflict with its state. */
const refusal = (result: Extract<StaffResult<unknown>, { ok: false }>) =>
  fail(result.code === 'unknown' ? ErrorId.notFound : ErrorId.conflict, result.message);

/** The collections actions of the loan page (issue 48 item 5) under /api/staff/Loans/: the actor is the staff member. */
export function collectionsCalls(ctx: AppContext): ImplementedCall[] {
  const transfers = bankTransferService(ctx);
  const promises = promiseService(ctx);
  return [
    implementCall('loansPostTransfer', async ({ body, principal, req }) => {
      const posted = await transfers.post(
        {
          loanId: body.loanId,
          // The schema accepted it as pounds and pence.
          amountPence: poundsToPence(parsePounds(body.amount)!),
          valueDate: body.valueDate,
          reference: body.reference,
        },
        { staffId: principal.staffId, address: req.ip },
      );
      return posted.ok ? ok(posted.value) : refusal(posted);
    }),
    implementCall('loansRecordPromise', async ({ body, principal, req }) => {
      const recorded = await promises.record(
        { loanId: body.loanId, amountPence: poundsToPence(parsePounds(body.amount)!), dueDate: body.dueDate },
        { staffId: principal.staffId, address: req.ip },
      );
      return recorded.ok ? ok(recorded.value) : refusal(recorded);
    }),
    implementCall('loansPromises', async ({ query, principal, req }) => {
      const listed = await promises.list(query.loanId, { staffId: principal.staffId, address: req.ip });
      return listed.ok ? ok({ promises: listed.value }) : refusal(listed);
    }),
  ];
}
