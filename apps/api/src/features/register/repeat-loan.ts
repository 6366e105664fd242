import type { repeatLoanSchema } from '@lender/contract/calls/repeat-loan';
import { EXPENSE_LIMITS, type ExpenseKey } from '@lender/contract/constants';
import { ErrorId, fail, ok, refuse, Refusal } from '@lender/contract/envelope';
import { poundsToPence } from '@lender/contract/money';
import { AppStatus } from '@lender/contract/status';
import type { z } from 'zod';
import { toStoredAddress } from '../../entities/addresses/stored-address';
import { implementCall, invalidFields } from '../../plugins/calls';
import { IDEMPOTENCY_KEY_MISSING, idempotencyKeyOf } from '../../lib/idempotency-key';
import type { RepeatLoanRequest } from './repeat-loan-request';
import type { RepeatLoanService } from './repeat-loan-service';

const EXPENSE_KEYS = Object.keys(EXPENSE_LIMITS) as ExpenseKey[];

/**
 * The one place the repeat-loan model's names (spec section 3) become the service's, and pounds become
 * pence. The person's mobile, e-mail and date of birth are not read: they are shown read-only, and the
 * account's own are used.
 */
export function toRepeatLoanRequest(
  body: z.output<typeof repeatLoanSchema>,
  customerId: number,
  idempotencyKey: string,
): RepeatLoanRequest {
  const e = body.employmentDetail;
  const card = body.creditCard;
  return {
    customerId,
    idempotencyKey,
    terms: {
      amountPence: poundsToPence(body.amount),
      period: body.duration,
      repaymentDate: body.repaymentDate,
      wageFrequencyId: body.wageFrequencyID,
    },
    netMonthlyIncomePence: poundsToPence(body.netPay),
    housing: { livedInAddressId: body.livedInAddressID, residentialStatusId: body.residentalStatusID },
    maritalStatusId: body.maritalStatusID ?? null,
    affordability: {
      employmentTypeId: e.employmentTypeID,
      employmentIndustryId: e.employmentIndustryID,
      employerName: e.employmentName,
      employmentLengthMonths: e.employmentLength ?? null,
      loanPurposeId: body.financialData.loanPurposeID,
      expensesPence: Object.fromEntries(EXPENSE_KEYS.map((k) => [k, poundsToPence(body.financialData[k])])),
      previousAddress: body.previousAddress ? toStoredAddress(body.previousAddress) : null,
    },
    currentAddress: toStoredAddress(body.currentAddress),
    bank: body.bankDetails && {
      sortCode: body.bankDetails.sortCode,
      accountNumber: body.bankDetails.bankAccountNumber,
    },
    card:
      body.useExistingCard || !card
        ? { kind: 'file' }
        : {
            kind: 'new',
            pKey: body.pKey!,
            trxId: body.trxId!,
            fingerprinted: body.isSignature === true,
            billing: card.address && !card.address.isHomeAddress ? toStoredAddress(card.address) : null,
          },
  };
}

/** Register/RepeatLoan (spec section 7, issue 28): the rules are the repeat-loan service's. */
export const repeatLoan = (repeat: RepeatLoanService) =>
  implementCall('repeatLoan', async ({ body, principal, req, reply }) => {
    const idempotencyKey = idempotencyKeyOf(req, body.idempotencyKey);
    if (!idempotencyKey) {
      reply.code(400);
      return invalidFields({ idempotencyKey: IDEMPOTENCY_KEY_MISSING });
    }
    const outcome = await repeat.apply(toRepeatLoanRequest(body, principal.customerId, idempotencyKey));
    switch (outcome.kind) {
      case 'esignSent':
        return ok({ appStatusID: AppStatus.esignSent, appGuid: outcome.guid, redirectUrl: null });
      case 'challenge':
        return ok({ appStatusID: 0, appGuid: null, redirectUrl: outcome.redirectUrl });
      case 'cardDeclined':
        return fail(ErrorId.repeatLoanCardDeclined, outcome.message);
      case 'declined':
        req.log.info({ decision: 'declined' }, 'repeat loan declined');
        return refuse(Refusal.declined, outcome.answer);
      case 'refused':
        return refuse(outcome.refusal);
      case 'invalid':
        reply.code(400);
        return invalidFields(outcome.fields);
    }
  });
