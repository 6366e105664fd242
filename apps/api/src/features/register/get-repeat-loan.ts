import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import type { RepeatLoanService } from './repeat-loan-service';

/** Register/GetRepeatLoan (spec section 7): the repeat-loan form's prefill; the rules are the service's. */
export const getRepeatLoan = (repeat: RepeatLoanService) =>
  implementCall('getRepeatLoan', async ({ principal }) => {
    const prefill = await repeat.prefill(principal.customerId);
    return prefill ? ok(prefill) : refuse(Refusal.repeatLoanNotOpen);
  });
