import type { LoginResponse } from '@lender/contract/calls/account';
import { plusSeconds } from '../../lib/clock';
import { verifyPassword } from '../../lib/passwords/password-hashing';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { TokenPair } from '../../lib/sessions/session-store';
import type { ApplicationRepository } from '../../entities/applications/application-repository';
import type { CustomerRepository } from '../../entities/customers/customer-repository';
import type { LoginAttemptRepository } from './login-attempt-repository';

/** An account locks after this many failed logins within the window, for the same length of time. */
export const ACCOUNT_LOCK = { failures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 } as const;

export type LoginOutcome =
  | { kind: 'signedIn'; answer: LoginResponse }
  | { kind: 'failed' }
  | { kind: 'tooMany'; retryAfterSeconds: number };

type Deps = {
  logins: LoginAttemptRepository;
  customers: Pick<CustomerRepository, 'findByEmail'>;
  applications: Pick<ApplicationRepository, 'latest'>;
  sessions: { issue(customerId: number): Promise<TokenPair> };
  /** Failed logins per caller address, over every account. */
  addressFailures: RateLimiter;
};

const latest = (...instants: (string | null)[]) =>
  instants.filter((i): i is string => i !== null).reduce((a, b) => (a > b ? a : b));

/**
 * Account/Login (docs/decisions/017). Every refusal looks the same to the caller (one message, about the
 * same time taken), whether the e-mail is unknown, the password wrong, none set yet, or the account
 * locked; only staff see which in `login_attempts`.
 */
export function loginService({ logins, customers, applications, sessions, addressFailures }: Deps) {
  async function refuse(
    customerId: number | null,
    ip: string,
    outcome: 'failure' | 'refused',
    password: string,
  ) {
    // The same password work as a real check, so a refusal's timing does not tell why.
    await verifyPassword(null, password);
    await logins.recordAttempt(customerId, ip, outcome);
    addressFailures.hit(ip);
    return { kind: 'failed' } as const;
  }

  return {
    async login(userName: string, password: string, ip: string): Promise<LoginOutcome> {
      const throttled = addressFailures.check(ip);
      if (!throttled.allowed) return { kind: 'tooMany', retryAfterSeconds: throttled.retryAfterSeconds };

      const customer = await customers.findByEmail(userName);
      if (!customer) return refuse(null, ip, 'failure', password);

      const lockedAt = await logins.lastAt(customer.id, ['locked']);
      if (lockedAt && lockedAt > plusSeconds(-ACCOUNT_LOCK.lockSeconds)) {
        return refuse(customer.id, ip, 'refused', password);
      }

      // Claimed before the password is checked: racing guesses each see the others and stop at the limit.
      const attempt = await logins.recordAttempt(customer.id, ip, 'pending');
      const since = latest(
        plusSeconds(-ACCOUNT_LOCK.windowSeconds),
        lockedAt,
        await logins.lastAt(customer.id, ['success']),
      );
      const tries = await logins.countFailuresAfter(customer.id, since);
      if (tries > ACCOUNT_LOCK.failures) {
        await verifyPassword(null, password);
        await logins.settleAttempt(attempt, 'refused');
        addressFailures.hit(ip);
        return { kind: 'failed' };
      }
      if (!(await verifyPassword(customer.passwordHash, password))) {
        await logins.settleAttempt(attempt, 'failure');
        addressFailures.hit(ip);
        // The fifth failure locks the account; the lock is a row of its own, for staff and for its expiry.
        if (tries === ACCOUNT_LOCK.failures) await logins.recordAttempt(customer.id, ip, 'locked');
        return { kind: 'failed' };
      }

      await logins.settleAttempt(attempt, 'success');
      const tokens = await sessions.issue(customer.id);
      const application = await applications.latest(customer.id);
      return {
        kind: 'signedIn',
        answer: {
          ...tokens,
          appStatusID: application?.statusId ?? 0,
          appGuid: application?.guid ?? null,
          isLegal: customer.isLegal,
        },
      };
    },
  };
}
