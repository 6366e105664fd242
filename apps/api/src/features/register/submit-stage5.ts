import { ErrorId, fail, ok } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import type { EsignService, SignOutcome } from './esign-service';
import { RegisterMessage } from './register-messages';

const codeMessage = {
  wrong: RegisterMessage.invalidSmsCode,
  none: RegisterMessage.invalidSmsCode,
  expired: RegisterMessage.smsCodeExpired,
  tooManyTries: RegisterMessage.smsCodeTooManyTries,
} as const;

function answer(outcome: SignOutcome) {
  switch (outcome.kind) {
    case 'signed':
      return ok(null);
    case 'closed':
      return fail(ErrorId.esignClosed, RegisterMessage.esignClosed);
    case 'emailNotVerified':
      return fail(ErrorId.emailNotVerified, RegisterMessage.emailNotVerified);
    case 'agreementChanged':
      return fail(ErrorId.agreementChanged, RegisterMessage.agreementChanged);
    case 'invalidCode':
      return fail(ErrorId.invalidSmsCode, codeMessage[outcome.check]);
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
