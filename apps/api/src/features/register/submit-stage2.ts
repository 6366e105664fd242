import type { stage2Schema } from '@lender/contract/calls/register-stages';
import { ErrorId, fail, ok, refuse, Refusal } from '@lender/contract/envelope';
import type { z } from 'zod';
import { implementCall } from '../../plugins/calls';
import type { CardCheck, Stage2Service } from './stage2-service';
import { toStoredAddress } from '../../entities/addresses/stored-address';

/** The one place stage 2's payload names (spec section 3) become the service's. */
export const toCardCheck = (body: z.output<typeof stage2Schema>): CardCheck => ({
  pKey: body.pKey,
  trxId: body.trxId,
  fingerprinted: body.isSignature,
  billing: body.address && !body.address.isHomeAddress ? toStoredAddress(body.address) : null,
});

/** Register/SubmitStage2 (spec section 7): the card check's rules are the service's. */
export const submitStage2 = (cardCheck: Stage2Service) =>
  implementCall('submitStage2', async ({ body, principal }) => {
    const outcome = await cardCheck.submit(principal.customerId, toCardCheck(body));
    switch (outcome.kind) {
      case 'accepted':
        return ok({ appStatusID: outcome.statusId, appGuid: outcome.guid, redirectUrl: null });
      case 'challenge':
        return ok({ appStatusID: outcome.statusId, appGuid: outcome.guid, redirectUrl: outcome.redirectUrl });
      case 'declined':
        return fail(ErrorId.cardDeclined, outcome.message);
      case 'unavailable':
        return refuse(Refusal.cardCheckUnavailable);
      case 'notYours':
        return refuse(Refusal.cardCheckNotYours);
      case 'closed':
        return refuse(Refusal.stageClosed);
    }
  });
