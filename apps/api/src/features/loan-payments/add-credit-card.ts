import { ok, refuse } from '@lender/contract/envelope';
import { penceToPounds } from '@lender/contract/money';
import { toStoredAddress } from '../../entities/addresses/stored-address';
import { implementCall } from '../../plugins/calls';
import type { AddCardService } from './add-card-service';

/**
 * MyAccountArea/AddCreditCard (spec section 7, issue 27). Idempotent by the provider's transaction: the
 * same confirmed card is stored once, so its Idempotency-Key, which the page sends as with every
 * payment, is not needed here.
 */
export const addCreditCard = (service: AddCardService) =>
  implementCall('addCreditCard', async ({ body, principal }) => {
    const outcome = await service.add({
      customerId: principal.customerId,
      pKey: body.pKey,
      trxId: body.trxId,
      fingerprinted: body.isSignature === true,
      billing: body.address && !body.address.isHomeAddress ? toStoredAddress(body.address) : null,
    });
    switch (outcome.kind) {
      case 'added': {
        const next = outcome.nextCollection;
        return ok({
          redirectUrl: null,
          nextCollection: next && { date: next.date, amount: penceToPounds(next.amountPence) },
        });
      }
      case 'challenge':
        return ok({ redirectUrl: outcome.redirectUrl, nextCollection: null });
      case 'refused':
        return refuse(outcome.refusal);
    }
  });
