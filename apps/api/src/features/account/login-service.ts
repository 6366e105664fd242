import type { LoginResponse } from '@lender/contract/calls/account';
import { plusSeconds } from '../../lib/clock';
import { verifyPassword } from '../../lib/passwords/password-hashing';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { SessionStore } from '../../lib/sessions/session-store';
import type { ApplicationRepository } from '../../entities/applications/application-repository';
import type { CustomerRepository } from '../../entities/customers/customer-repository';
import type { LoginAttemptRepository } from './login-attempt-repository';
import type { OutgoingMessage } from '../../lib/outbox';
import type { SecurityEvents } from '../../lib/security-events';
import { accountLockedEmail } from './account-emails';

/** An account locks after this many failed logins within the window, for the same length of time. */
export const ACCOUNT_LOCK = { failures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 } as const;

export type LoginOutcome =
  | { kind: 'signedIn'; answer: LoginResponse }
  | { kind: 'failed' }
  | { kind: 'tooMany'; retryAfterSeconds: number };

type Deps = {
  logins: LoginAttemptRepository;
  customers: Pick<CustomerRepository, 'findByEmail' | 'findById'>;
  applications: Pick<ApplicationRepository, 'latest'>;
  sessions: Pick<SessionStore, 'issue'>;
  /**
   * Failed logins per caller address, over every account. Each try is counted before its password is
   * checked and taken back when it signs in, so racing tries (from any process) cannot pass the limit.
   */
  addressFailures: RateLimiter;
  outbox: { enqueue(message: OutgoingMessage): Promise<void> };
  security: SecurityEvents;
  publicUrl: string;
};

const latest = (...instants: (string | null)[]) =>
  instants.filter((i): i is string => i !== null).reduce((a, b) => (a > b ? a : b));

/**
 * Account/Login (docs/decisions/017). Every refusal looks the same to the caller (one message, about the
 * same time taken), whether the e-mail is unknown, the password wrong, none set yet, or the account
 * locked; only staff see which in `login_attempts`.
 */
export function loginService(deps: Deps) {
  const { logins, customers, applications, sessions, addressFailures, security } = deps;
  async function refuse(
    customerId: number | null,
    ip: string,
    outcome: 'failure' | 'refused',
    password: string,
  ) {
    // The same password work as a real check, so a refusal's timing does not tell why.
    await verifyPassword(null, password);
    await logins.recordAttempt(customerId, ip, outcome);
    await security.record({ type: 'sign-in-failed', customerId, ip, detail: outcome });
    return { kind: 'failed' } as const;
  }

  async function lock(customer: { id: number; email: string; firstName: string }, ip: string) {
    await logins.recordAttempt(customer.id, ip, 'locked');
    await security.record({ type: 'account-locked', customerId: customer.id, ip });
    const notice = accountLockedEmail({
      firstName: customer.firstName,
      forgotUrl: new URL('/forgot-password', deps.publicUrl).toString(),
      lockedMinutes: ACCOUNT_LOCK.lockSeconds / 60,
    });
    await deps.outbox.enqueue({ channel: 'email', to: customer.email, ...notice });
  }

  /** The login answer of a session opened now: tokens, where the application stands, the legal flag. */
  async function signedIn(customer: { id: number; isLegal: boolean }): Promise<LoginResponse> {
    const tokens = await sessions.issue(customer.id, undefined, { passwordProved: true });
    const application = await applications.latest(customer.id);
    return {
      ...tokens,
      appStatusID: application?.statusId ?? 0,
      appGuid: application?.guid ?? null,
      isLegal: customer.isLegal,
    };
  }

  return {
    /**
     * A completed password reset proved the mailbox and set a password the person knows: it signs them
     * in, and its success lifts a lock (the lock check reads the newest success).
     */
    async signInAfterReset(customerId: number, ip: string): Promise<LoginResponse | null> {
      const customer = await customers.findById(customerId);
      if (!customer) return null;
      await logins.recordAttempt(customer.id, ip, 'success');
      await security.record({ type: 'reset-done', customerId: customer.id, ip });
      return signedIn(customer);
    },

    async login(userName: string, password: string, ip: string): Promise<LoginOutcome> {
      // Counted as a failure until it proves otherwise (taken back below on a sign-in).
      const throttled = await addressFailures.hit(ip);
      if (!throttled.allowed) {
        await security.record({ type: 'limit-refused', ip, detail: 'sign-in per address' });
        return { kind: 'tooMany', retryAfterSeconds: throttled.retryAfterSeconds };
      }

      const customer = await customers.findByEmail(userName);
      if (!customer) return refuse(null, ip, 'failure', password);

      // A completed password reset (a success after the lock) lifts it: it proved the mailbox.
      const lockedAt = await logins.lastAt(customer.id, ['locked']);
      const signedInAt = await logins.lastAt(customer.id, ['success']);
      const lockLifted = lockedAt !== null && signedInAt !== null && signedInAt >= lockedAt;
      if (lockedAt && !lockLifted && lockedAt > plusSeconds(-ACCOUNT_LOCK.lockSeconds)) {
        return refuse(customer.id, ip, 'refused', password);
      }

      // Claimed before the password is checked: racing guesses each see the others and stop at the limit.
      const attempt = await logins.recordAttempt(customer.id, ip, 'pending');
      const since = latest(plusSeconds(-ACCOUNT_LOCK.windowSeconds), lockedAt, signedInAt);
      const tries = await logins.countFailuresAfter(customer.id, since);
      if (tries > ACCOUNT_LOCK.failures) {
        await verifyPassword(null, password);
        await logins.settleAttempt(attempt, 'refused');
        await security.record({ type: 'sign-in-failed', customerId: customer.id, ip, detail: 'locked' });
        return { kind: 'failed' };
      }
      if (!(await verifyPassword(customer.passwordHash, password))) {
        await logins.settleAttempt(attempt, 'failure');
        await security.record({ type: 'sign-in-failed', customerId: customer.id, ip, detail: 'password' });
        // The fifth failure locks the account; the lock is a row of its own, for staff and for its
        // expiry, made once per lock, and so is the notice that tells the owner how to get back in.
        if (tries === ACCOUNT_LOCK.failures) await lock(customer, ip);
        return { kind: 'failed' };
      }

      await logins.settleAttempt(attempt, 'success');
      await throttled.takeBack();
      await security.record({ type: 'sign-in', customerId: customer.id, ip });
      return { kind: 'signedIn', answer: await signedIn(customer) };
    },
  };
}

export type LoginService = ReturnType<typeof loginService>;
