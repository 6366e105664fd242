import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import type { Stage4Service } from './stage4-service';

/** Register/SubmitStage4 (spec section 7): the bank account; the answer carries the appGuid for e-sign. */
export const submitStage4 = (stage4: Stage4Service) =>
  implementCall('submitStage4', async ({ body, principal }) => {
    const outcome = await stage4.submit(principal.customerId, {
      sortCode: body.sortCode,
      accountNumber: body.bankAccountNumber,
    });
    switch (outcome.kind) {
      case 'esignSent':
        return ok({ appStatusID: outcome.statusId, appGuid: outcome.guid });
      case 'declined':
        return refuse(Refusal.declined, outcome.answer);
      case 'closed':
        return refuse(Refusal.stageClosed);
    }
  });
