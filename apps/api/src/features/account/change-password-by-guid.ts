import { Msg } from '@lender/contract/rules/messages';
import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { implementCall, invalidFields } from '../../plugins/calls';
import type { LoginService } from './login-service';
import type { PasswordService } from './password-service';

/**
 * Account/ChangePasswordByGuid: `guid` is the token of a reset-password or a set-password link. The link
 * proved the mailbox and the person now knows the password, so it signs them in (the Login answer) and
 * lifts a lock (issue 26): a stranger's wrong passwords cannot keep the owner out.
 */
export const changePasswordByGuid = (passwords: PasswordService, logins: LoginService) =>
  implementCall('changePasswordByGuid', async ({ body, reply, req }) => {
    const outcome = await passwords.changeByLink(body.guid, body.newPassword);
    switch (outcome.kind) {
      case 'changed': {
        const answer = await logins.signInAfterReset(outcome.customerId, req.ip);
        return answer ? ok(answer) : refuse(Refusal.linkExpired);
      }
      case 'linkExpired':
        return refuse(Refusal.linkExpired);
      case 'commonPassword':
        reply.code(400);
        return invalidFields({ newPassword: Msg.commonPassword });
    }
  });
