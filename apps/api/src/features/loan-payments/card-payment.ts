import { ok, refuse } from '@lender/contract/envelope';
import { isWholePence, penceToPounds, poundsToPence } from '@lender/contract/money';
import { Msg } from '@lender/contract/rules/messages';
import { implementCall, invalidFields } from '../../plugins/calls';
import { IDEMPOTENCY_KEY_MISSING, idempotencyKeyOf } from '../../lib/idempotency-key';
import type { PaymentService } from './payment-service';
import { inPounds } from '../../entities/loans/named-figures';

/** MyAccountArea/CardPayment (spec section 7, issue 27): the payment's rules are the service's. */
export const cardPayment = (payments: PaymentService) =>
  implementCall('cardPayment', async ({ body, principal, req, reply }) => {
    const idempotencyKey = idempotencyKeyOf(req, body.idempotencyKey);
    const refusedField = (fields: Record<string, string>) => {
      reply.code(400);
      return invalidFields(fields);
    };
    if (!idempotencyKey) return refusedField({ idempotencyKey: IDEMPOTENCY_KEY_MISSING });
    if (!isWholePence(body.amount)) return refusedField({ amount: Msg.paymentAmount });
    const outcome = await payments.pay({
      customerId: principal.customerId,
      idempotencyKey,
      payTotal: body.payTotal === true,
      payNext: body.payNext === true,
      amountPence: poundsToPence(body.amount),
      card: body.useExistingCard ? { kind: 'file' } : { kind: 'new', pKey: body.pKey!, trxId: body.trxId! },
    });
    switch (outcome.kind) {
      case 'paid': {
        const { receipt } = outcome;
        return ok({
          redirectUrl: null,
          receipt: {
            amount: penceToPounds(receipt.amountPence),
            cardLast4: receipt.cardLast4,
            date: receipt.onDate,
            figures: receipt.figures && inPounds(receipt.figures),
          },
        });
      }
      case 'challenge':
        return ok({ redirectUrl: outcome.redirectUrl });
      case 'invalid':
        return refusedField(outcome.fields);
      case 'refused':
        return refuse(outcome.refusal);
    }
  });
