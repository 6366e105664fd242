import { ok, Refusal } from '@lender/contract/envelope';
import { resendTooSoon } from '@lender/contract/refusals';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SecurityEvents } from '../../lib/security-events';
import { tooManyRequests } from '../../lib/rate-limiter';
import { implementCall } from '../../plugins/calls';
import { notOpen } from './esign-refusals';
import type { EsignService, ResendOutcome } from './esign-service';

async function answer(
  outcome: ResendOutcome,
  reply: FastifyReply,
  security: SecurityEvents,
  req: FastifyRequest,
) {
  if (outcome.kind === 'sent') return ok({ nextSendInSeconds: outcome.nextSendInSeconds });
  if (outcome.kind !== 'wait') return notOpen(outcome, security, req);
  await security.record({ type: 'limit-refused', ip: req.ip, detail: `e-sign resend ${outcome.reason}` });
  return tooManyRequests(
    reply,
    outcome.retryAfterSeconds,
    outcome.reason === 'cooldown' ? resendTooSoon(outcome.retryAfterSeconds) : Refusal.resendDailyLimit,
    { nextSendInSeconds: outcome.retryAfterSeconds, reason: outcome.reason },
  );
}

/** Register/SendVerificationSMS: a new code, replacing the last (body: the guid as a JSON string). */
export const sendVerificationSms = (esign: EsignService, security: SecurityEvents) =>
  implementCall('sendVerificationSms', async ({ body, principal, reply, req }) =>
    answer(await esign.resend(body, principal.token, 'sms'), reply, security, req),
  );

/** Register/SendVerificationAndUniqueUrlEmail: the e-sign e-mail again, with a new verification link. */
export const sendVerificationAndUniqueUrlEmail = (esign: EsignService, security: SecurityEvents) =>
  implementCall('sendVerificationAndUniqueUrlEmail', async ({ body, principal, reply, req }) =>
    answer(await esign.resend(body, principal.token, 'email'), reply, security, req),
  );
