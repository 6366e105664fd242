import { Msg } from '@lender/contract/rules/messages';
import { ErrorId, fail, ok } from '@lender/contract/envelope';
import { tooManyRequests } from '../../lib/rate-limiter';
import { implementCall, invalidFields } from '../../plugins/calls';
import { AccountMessage } from './account-messages';
import type { PasswordService } from './password-service';

/** Account/ChangePassword: the existing password, then the new one; the other sessions end. */
export const changePassword = (passwords: PasswordService) =>
  implementCall('changePassword', async ({ body, session, reply }) => {
    const outcome = await passwords.change(session, body.oldPassword, body.newPassword);
    switch (outcome.kind) {
      case 'changed':
        return ok(null);
      case 'wrongPassword':
        return fail(ErrorId.wrongPassword, AccountMessage.wrongPassword);
      case 'tooMany':
        return tooManyRequests(reply, outcome.retryAfterSeconds, AccountMessage.tooManyRequests);
      case 'commonPassword':
        reply.code(400);
        return invalidFields({ newPassword: Msg.commonPassword });
      case 'notNew':
        reply.code(400);
        return invalidFields({ newPassword: AccountMessage.passwordNotNew });
    }
  });
