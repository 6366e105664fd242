import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import type { PreClaimService } from './pre-claim-service';

/** PreClaim/GetPreClaim and PreClaim/SubmitReply: only for an account flagged legal, checked here too. */
export const preClaimCalls = (preClaim: PreClaimService) => [
  implementCall('getPreClaim', async ({ principal }) => {
    const area = await preClaim.get(principal.customerId);
    return area ? ok(area) : refuse(Refusal.preClaimClosed);
  }),

  implementCall('submitPreClaimReply', async ({ body, principal }) => {
    const outcome = await preClaim.reply(principal.customerId, body);
    return outcome.ok
      ? ok({ documentSourceID: outcome.documentSourceID, noClaimBefore: outcome.noClaimBefore })
      : refuse(outcome.refusal);
  }),
];
