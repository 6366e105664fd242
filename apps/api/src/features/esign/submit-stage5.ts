import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import type { EsignService, SignOutcome } from './esign-service';

const codeRefusal = {
  wrong: Refusal.invalidSmsCode,
  none: Refusal.invalidSmsCode,
  expired: Refusal.smsCodeExpired,
  tooManyTries: Refusal.smsCodeTooManyTries,
} as const;

function answer(outcome: SignOutcome) {
  switch (outcome.kind) {
    case 'signed':
      return ok(null);
    case 'closed':
      return refuse(Refusal.esignClosed);
    case 'emailNotVerified':
      return refuse(Refusal.emailNotVerified);
    case 'agreementChanged':
      return refuse(Refusal.agreementChanged);
    case 'invalidCode':
      return refuse(codeRefusal[outcome.check]);
  }
}

/**
 * Register/SubmitStage5: the signature. The schema has checked the two boxes and that a code was given;
 * the service checks the e-mail, the documents shown and the code, and records the signature.
 */
export const submitStage5 = (esign: EsignService) =>
  implementCall('submitStage5', async ({ body, req }) =>
    answer(
      await esign.sign(body.guid, {
        smsCode: body.smsCode,
        ipAddress: req.ip,
        userAgent: (req.headers['user-agent'] ?? '').slice(0, 500),
      }),
    ),
  );
