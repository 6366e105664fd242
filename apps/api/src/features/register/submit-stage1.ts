import type { stage1Schema } from '@lender/contract/calls/register';
import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { poundsToPence } from '@lender/contract/money';
import type { z } from 'zod';
import { toStoredAddress } from '../../entities/addresses/stored-address';
import { implementCall } from '../../plugins/calls';
import type { Stage1Application, Stage1Service } from './stage1-service';

/** The one place stage1's payload names (spec section 3) become the server's, and pounds become pence. */
export function toStage1Application(body: z.output<typeof stage1Schema>): Stage1Application {
  return {
    customer: {
      email: body.email,
      mobile: body.mobile,
      titleId: body.titleId,
      firstName: body.firstName,
      lastName: body.lastName,
      birthDate: body.dob,
      newsFromUs: body.newsFromUs,
      address: toStoredAddress(body),
    },
    terms: {
      amountPence: poundsToPence(body.amount),
      period: body.duration,
      repaymentDate: body.nextPayDate,
      wageFrequencyId: body.frequencyCategory,
    },
    productId: body.productId,
    isResident: body.isResident,
    netMonthlyIncomePence: poundsToPence(body.monthlynetPay),
    numDependents: body.numDependents,
    source: body.source ?? null,
    campaign: body.campaign ?? null,
    tierName: body.tierName ?? null,
  };
}

/** Register/SubmitStage1 (spec section 7): the rules are the stage1 service's. */
export const submitStage1 = (stage1: Stage1Service) =>
  implementCall('submitStage1', async ({ body, req }) => {
    const outcome = await stage1.submit(toStage1Application(body));
    switch (outcome.kind) {
      case 'approved':
        return ok(outcome.tokens);
      case 'declined':
        req.log.info({ decision: 'declined' }, 'stage1 declined');
        return refuse(Refusal.declined);
      case 'applicationInProgress':
        return refuse(Refusal.existingApplicationInProgress);
      case 'emailRegistered':
        return refuse(Refusal.emailAlreadyRegistered);
      case 'mobileRegistered':
        return refuse(Refusal.mobileAlreadyRegistered);
    }
  });
