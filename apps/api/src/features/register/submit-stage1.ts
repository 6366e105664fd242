import type { stage1Schema } from '@lender/contract/calls/register';
import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { poundsToPence } from '@lender/contract/money';
import type { z } from 'zod';
import { toStoredAddress } from '../../entities/addresses/stored-address';
import { tooManyRequests, type RateLimiter, type RateLimits } from '../../lib/rate-limiter';
import type { SecurityEvents } from '../../lib/security-events';
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

/**
 * How often one caller, and one e-mail address or mobile number, may ask (issue 26): every answer says
 * whether the address or number is a customer's already, so the question is rationed.
 */
export type Stage1Limits = {
  perAddress: RateLimiter;
  perContact: RateLimiter;
  /** Counts the three keys in one database transaction (the journey's hot path). */
  limits: Pick<RateLimits, 'hitAll'>;
  security: SecurityEvents;
};

/** Register/SubmitStage1 (spec section 7): the rules are the stage1 service's. */
export const submitStage1 = (stage1: Stage1Service, limits: Stage1Limits) =>
  implementCall('submitStage1', async ({ body, req, reply }) => {
    // Every key is counted before any is refused, so a script cannot spread its questions to dodge one.
    const decisions = await limits.limits.hitAll([
      [limits.perAddress, req.ip],
      [limits.perContact, `email:${body.email}`],
      [limits.perContact, `mobile:${body.mobile}`],
    ]);
    const refused = decisions.find((d) => !d.allowed);
    if (refused && !refused.allowed) {
      await limits.security.record({ type: 'limit-refused', ip: req.ip, detail: 'stage 1' });
      return tooManyRequests(reply, refused.retryAfterSeconds, Refusal.tooManyRequests);
    }
    const outcome = await stage1.submit(toStage1Application(body));
    switch (outcome.kind) {
      case 'approved':
        return ok(outcome.tokens);
      case 'declined':
        req.log.info({ decision: 'declined' }, 'stage1 declined');
        return refuse(Refusal.declined, outcome.answer);
      case 'applicationInProgress':
        return refuse(Refusal.existingApplicationInProgress);
      case 'emailRegistered':
        return refuse(Refusal.emailAlreadyRegistered);
      case 'mobileRegistered':
        return refuse(Refusal.mobileAlreadyRegistered);
    }
  });
