import type { stage3Schema } from '@lender/contract/calls/register-stages';
import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { poundsToPence } from '@lender/contract/money';
import { EXPENSE_LIMITS, type ExpenseKey } from '@lender/contract/constants';
import type { z } from 'zod';
import { implementCall } from '../../plugins/calls';
import type { AffordabilityDetails } from '../../entities/affordability/affordability-repository';
import type { Stage3Service } from './stage3-service';
import { toStoredAddress } from '../../entities/addresses/stored-address';

const EXPENSE_KEYS = Object.keys(EXPENSE_LIMITS) as ExpenseKey[];

/** The one place stage 3's payload names (spec section 3) become the service's, and pounds become pence. */
export function toAffordabilityDetails(body: z.output<typeof stage3Schema>): AffordabilityDetails {
  const employment = body.employmentDetail;
  return {
    residentialStatusId: body.residentalStatusID,
    livedInAddressId: body.liveInAddressID,
    maritalStatusId: body.maritalStatusID,
    employmentTypeId: employment.employmentTypeID,
    employmentIndustryId: employment.employmentIndustryID,
    employerName: employment.employmentName,
    employmentLengthMonths: employment.employmentLength ?? null,
    loanPurposeId: body.finData.loanPurposeID,
    expensesPence: Object.fromEntries(EXPENSE_KEYS.map((k) => [k, poundsToPence(body.finData[k])])),
    previousAddress: body.previousAddress ? toStoredAddress(body.previousAddress) : null,
  };
}

/** Register/SubmitStage3 (spec section 7): the affordability rules are the stage 3 service's. */
export const submitStage3 = (stage3: Stage3Service) =>
  implementCall('submitStage3', async ({ body, principal, req }) => {
    const outcome = await stage3.submit(principal.customerId, toAffordabilityDetails(body));
    switch (outcome.kind) {
      case 'completed':
        return ok({ appStatusID: outcome.statusId, appGuid: outcome.guid });
      case 'declined':
        req.log.info({ decision: 'declined' }, 'stage3 declined');
        return refuse(Refusal.declined);
      case 'closed':
        return refuse(Refusal.stageClosed);
      case 'connectionRequired':
        return refuse(Refusal.bankConnectionRequired);
    }
  });
