import type { AppContext } from '../../app-context';
import type { ImplementedCall } from '../../plugins/calls';
import { login } from './login';
import { applicationRepository } from '../../entities/applications/application-repository';
import { customerRepository } from '../../entities/customers/customer-repository';
import { loginAttemptRepository } from './login-attempt-repository';
import { loginService, type LoginService } from './login-service';
import { logout } from './logout';
import { refreshToken } from './refresh-token';

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;

/** Sign-in: its per-address limit, the account lock and its notice, and the session it opens. */
export function loginServiceFor(ctx: AppContext) {
  const addressFailures = ctx.limits.limiter({
    scope: 'login-address',
    limit: ctx.config.LOGIN_FAILURES_PER_ADDRESS,
    windowMs: FIFTEEN_MINUTES_MS,
  });
  return loginService({
    logins: loginAttemptRepository(ctx.db),
    customers: customerRepository(ctx.db),
    applications: applicationRepository(ctx.db),
    sessions: ctx.sessions,
    addressFailures,
    outbox: { enqueue: (message) => ctx.outbox.enqueue(ctx.db, message) },
    security: ctx.security,
    publicUrl: ctx.config.PUBLIC_URL,
  });
}

/** Signing in and out: Login, RefreshToken, Logout. */
export function sessionCalls(ctx: AppContext, logins: LoginService): ImplementedCall[] {
  return [login(logins), refreshToken(ctx.sessions, ctx.security), logout(ctx.sessions)];
}
