import type { submitLandedLeadSchema } from '@lender/contract/calls/lead-provider';
import { ErrorId, fail, ok, refuse, Refusal } from '@lender/contract/envelope';
import { poundsToPence } from '@lender/contract/money';
import type { z } from 'zod';
import { toStoredAddress } from '../../entities/addresses/stored-address';
import { implementCall } from '../../plugins/calls';
import type { LandingCookie } from './landing-cookie';
import type { LandedSubmission } from './landing-outcomes';
import type { LandingService } from './landing-service';

/** The one place the submit's payload names (spec section 3) become the service's, pounds as pence. */
export const toLandedSubmission = (body: z.output<typeof submitLandedLeadSchema>): LandedSubmission => ({
  terms: {
    amountPence: poundsToPence(body.amount),
    period: body.period,
    repaymentDate: body.repaymentDate,
    wageFrequencyId: body.wageFrequencyID,
  },
  pKey: body.pKey,
  trxId: body.trxId,
  fingerprinted: body.isSignature,
  billing: body.address && !body.address.isHomeAddress ? toStoredAddress(body.address) : null,
});

const nothingMore = { redirectUrl: null, signingToken: null, token: null, refreshToken: null };

/**
 * LeadProvider/SubmitLandedLead (spec section 7): from the browser that landed only (its cookie). A bank
 * challenge answers its redirectUrl; a declined card 212 with the provider's text (the visitor may try
 * another); a decision, made, ends the landing and its cookie.
 */
export const submitLandedLead = (landing: LandingService, cookie: LandingCookie) =>
  implementCall('submitLandedLead', async ({ body, req, reply }) => {
    const outcome = await landing.submit(body.guid, cookie.read(req), toLandedSubmission(body));
    switch (outcome.kind) {
      case 'submitted':
        cookie.clear(reply);
        return ok({
          appStatusID: outcome.statusId,
          appGuid: outcome.guid,
          ...nothingMore,
          signingToken: outcome.signingToken,
          token: outcome.tokens?.token ?? null,
          refreshToken: outcome.tokens?.refreshToken ?? null,
        });
      case 'challenge':
        return ok({
          appStatusID: outcome.statusId,
          appGuid: outcome.guid,
          ...nothingMore,
          redirectUrl: outcome.redirectUrl,
        });
      case 'cardDeclined':
        return fail(ErrorId.cardDeclined, outcome.message);
      case 'declined':
        cookie.clear(reply);
        req.log.info({ decision: 'declined' }, 'landed lead declined');
        return refuse(Refusal.declined);
      case 'unavailable':
        return refuse(Refusal.cardCheckUnavailable);
      case 'proofNeeded':
        return refuse(Refusal.landingProofNeeded);
      case 'closed':
        return refuse(Refusal.leadLinkClosed);
    }
  });
