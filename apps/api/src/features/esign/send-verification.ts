import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { resendTooSoon } from '@lender/contract/refusals';
import type { FastifyReply } from 'fastify';
import { tooManyRequests } from '../../lib/rate-limiter';
import { implementCall } from '../../plugins/calls';
import type { EsignService, ResendOutcome } from './esign-service';

function answer(outcome: ResendOutcome, reply: FastifyReply) {
  if (outcome.kind === 'sent') return ok(null);
  if (outcome.kind === 'closed') return refuse(Refusal.esignClosed);
  return tooManyRequests(
    reply,
    outcome.retryAfterSeconds,
    outcome.reason === 'cooldown' ? resendTooSoon(outcome.retryAfterSeconds) : Refusal.resendDailyLimit,
  );
}

/** Register/SendVerificationSMS: a new code, replacing the last (body: the guid as a JSON string). */
export const sendVerificationSms = (esign: EsignService) =>
  implementCall('sendVerificationSms', async ({ body, reply }) =>
    answer(await esign.resend(body, 'sms'), reply),
  );

/** Register/SendVerificationAndUniqueUrlEmail: the e-sign e-mail again, with a new verification link. */
export const sendVerificationAndUniqueUrlEmail = (esign: EsignService) =>
  implementCall('sendVerificationAndUniqueUrlEmail', async ({ body, reply }) =>
    answer(await esign.resend(body, 'email'), reply),
  );
