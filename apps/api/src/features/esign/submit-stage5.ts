import { ok, refuse, Refusal } from '@lender/contract/envelope';
import type { FastifyRequest } from 'fastify';
import type { SecurityEvents } from '../../lib/security-events';
import { implementCall } from '../../plugins/calls';
import { notOpen } from './esign-refusals';
import type { EsignService, SignOutcome } from './esign-service';

const codeRefusal = {
  wrong: Refusal.invalidSmsCode,
  none: Refusal.invalidSmsCode,
  expired: Refusal.smsCodeExpired,
  tooManyTries: Refusal.smsCodeTooManyTries,
} as const;

async function answer(outcome: SignOutcome, security: SecurityEvents, req: FastifyRequest) {
  switch (outcome.kind) {
    case 'signed':
      return ok(null);
    case 'closed':
    case 'noLink':
    case 'alreadySigned':
    case 'declined':
    case 'linkExpired':
      return notOpen(outcome, security, req);
    case 'emailNotVerified':
      return refuse(Refusal.emailNotVerified);
    case 'agreementChanged':
      return refuse(Refusal.agreementChanged);
    case 'invalidCode':
      await security.record({ type: 'esign-code-failed', ip: req.ip, detail: outcome.check });
      return refuse(codeRefusal[outcome.check]);
  }
}

/**
 * Register/SubmitStage5: the signature. The schema has checked the two boxes and that a code was given;
 * the service checks the e-mail, the documents shown and the code, and records the signature.
 */
export const submitStage5 = (esign: EsignService, security: SecurityEvents) =>
  implementCall('submitStage5', async ({ body, principal, req }) =>
    answer(
      await esign.sign(body.guid, principal.token, {
        smsCode: body.smsCode,
        ipAddress: req.ip,
        userAgent: (req.headers['user-agent'] ?? '').slice(0, 500),
      }),
      security,
      req,
    ),
  );
