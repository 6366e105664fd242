import { Msg } from '@lender/contract/rules/messages';
import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { tooManyRequests } from '../../lib/rate-limiter';
import { implementCall, invalidFields } from '../../plugins/calls';
import type { PasswordService } from './password-service';

/** Account/ChangePassword: the existing password, then the new one; the other sessions end. */
export const changePassword = (passwords: PasswordService) =>
  implementCall('changePassword', async ({ body, principal, reply }) => {
    const outcome = await passwords.change(principal, body.oldPassword, body.newPassword);
    switch (outcome.kind) {
      case 'changed':
        return ok(null);
      case 'wrongPassword':
        return refuse(Refusal.wrongPassword);
      case 'tooMany':
        return tooManyRequests(reply, outcome.retryAfterSeconds, Refusal.tooManyRequests);
      case 'commonPassword':
        reply.code(400);
        return invalidFields({ newPassword: Msg.commonPassword });
      case 'notNew':
        reply.code(400);
        return invalidFields({ newPassword: Msg.passwordNotNew });
    }
  });
