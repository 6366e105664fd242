import * as preClaim from './pre-claim';
import { call, type CallDef } from './call-spec';

/** The PreClaim controller's calls, in the order of the call table (`api-calls.ts`). */
export const preClaimCalls = {
  /**
   * Not in the spec (issue 28, docs/decisions/029): the pre-claim area of an account flagged legal: the
   * Letter of Claim, the statement of account, the reply once sent (Pre-Action Protocol for Debt Claims).
   */
  getPreClaim: call({
    controller: 'PreClaim',
    action: 'GetPreClaim',
    method: 'GET',
    auth: 'session',
    response: preClaim.preClaimSchema,
  }),
  /** The Reply Form, with the Financial Statement when given: kept as a PDF; it pauses the legal steps. */
  submitPreClaimReply: call({
    controller: 'PreClaim',
    action: 'SubmitReply',
    method: 'POST',
    auth: 'session',
    body: preClaim.preClaimReplySchema,
    response: preClaim.submittedReplySchema,
  }),
} as const satisfies Record<string, CallDef>;
