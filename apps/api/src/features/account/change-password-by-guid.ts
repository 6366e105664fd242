import { Msg } from '@lender/contract/rules/messages';
import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { implementCall, invalidFields } from '../../plugins/calls';
import type { PasswordService } from './password-service';

/** Account/ChangePasswordByGuid: `guid` is the token of a reset-password or a set-password link. */
export const changePasswordByGuid = (passwords: PasswordService) =>
  implementCall('changePasswordByGuid', async ({ body, reply }) => {
    const outcome = await passwords.changeByLink(body.guid, body.newPassword);
    switch (outcome.kind) {
      case 'changed':
        return ok(null);
      case 'linkExpired':
        return refuse(Refusal.linkExpired);
      case 'commonPassword':
        reply.code(400);
        return invalidFields({ newPassword: Msg.commonPassword });
    }
  });
