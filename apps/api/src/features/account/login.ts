import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { tooManyRequests } from '../../lib/rate-limiter';
import { implementCall } from '../../plugins/calls';
import type { loginService } from './login-service';

/** Account/Login (spec section 7): the session and where the customer's application stands. */
export const login = (logins: ReturnType<typeof loginService>) =>
  implementCall('login', async ({ body, req, reply }) => {
    const outcome = await logins.login(body.userName, body.password, req.ip);
    if (outcome.kind === 'signedIn') return ok(outcome.answer);
    if (outcome.kind === 'tooMany') {
      return tooManyRequests(reply, outcome.retryAfterSeconds, Refusal.tooManyLogins);
    }
    return refuse(Refusal.loginFailed);
  });
