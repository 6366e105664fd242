import { hashPassword, verifyPassword } from '../../lib/passwords/password-hashing';
import { isCommonPassword } from '../../lib/passwords/common-passwords';
import type { RateLimiter } from '../../lib/rate-limiter';
import { randomToken } from '../../lib/secrets';
import { passwordChangedEmail, resetPasswordEmail } from './account-emails';
import type { EntityRepositories, EntityStore } from '../../entities/unit-of-work';
import { lockKeyUntilCommit } from '../../lib/key-lock';
import { PasswordLinkPurpose } from '../../entities/one-time-secrets/password-link-repository';

/** The limits of forgot password and change password (issue 12, docs/decisions/017). */
export const PASSWORD_LIMITS = {
  resetLinkTtlSeconds: 60 * 60,
  /** Reset e-mails one account may be sent per hour: past it the call still answers ok, sending nothing. */
  resetEmailsPerHour: 3,
  /** Wrong existing passwords per customer in `windowMs`, so ChangePassword is no password oracle. */
  wrongPasswordTries: 5,
  windowMs: 15 * 60 * 1000,
} as const;

export type ChangePasswordByLinkOutcome =
  { kind: 'changed'; customerId: number } | { kind: 'linkExpired' } | { kind: 'commonPassword' };

export type ChangePasswordOutcome =
  | { kind: 'changed' }
  | { kind: 'wrongPassword' }
  | { kind: 'tooMany'; retryAfterSeconds: number }
  | { kind: 'commonPassword' }
  | { kind: 'notNew' };

/**
 * Forgot password, the reset / set-password link, and ChangePassword. A new password always ends the
 * customer's other password links, and a notice goes to the account's address with the change.
 */
export function passwordService(
  store: EntityStore,
  links: { publicUrl: string },
  wrongPasswords: RateLimiter,
) {
  /**
   * A wrong-password try is counted before the password is checked (argon2 takes tens of milliseconds,
   * in which racing tries from any process would each find the count below the limit) and taken back
   * when the password was right: the database's count, not an in-process queue, is what holds.
   */
  async function verifyCounted(customerId: number, password: string) {
    const counted = await wrongPasswords.hit(String(customerId));
    if (!counted.allowed) return { kind: 'tooMany', retryAfterSeconds: counted.retryAfterSeconds } as const;
    const customer = await store.customers.findById(customerId);
    // No password yet takes as long as a wrong one (verifyPassword's decoy) and answers the same.
    if (!(await verifyPassword(customer?.passwordHash ?? null, password)) || !customer) {
      return { kind: 'wrongPassword' } as const;
    }
    await counted.takeBack();
    return { kind: 'verified', customer } as const;
  }

  return {
    /**
     * Sends a reset link when the address has an account and its hourly cap allows; the caller learns
     * nothing either way (no enumeration of customers, no mail bombing through us).
     */
    async forgotPassword(email: string): Promise<number | null> {
      const customerId = await store.customers.findIdByEmail(email);
      if (customerId === null) return null;
      await store.transaction(async ({ customers, passwordLinks, outbox }, trx) => {
        // The hourly cap is a count then a send: one request per customer at a time, in any process.
        await lockKeyUntilCommit(trx, `reset-emails:${customerId}`);
        const hourAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString();
        const sentLastHour = await passwordLinks.countResetsSince(customerId, hourAgo);
        if (sentLastHour >= PASSWORD_LIMITS.resetEmailsPerHour) return;
        const customer = await customers.findById(customerId);
        if (!customer) return;
        // Only the newest link works: an older one in the mailbox is replaced.
        await passwordLinks.retire(customerId, [PasswordLinkPurpose.resetPassword]);
        const token = randomToken();
        await passwordLinks.insert({
          customerId,
          purpose: PasswordLinkPurpose.resetPassword,
          token,
          ttlSeconds: PASSWORD_LIMITS.resetLinkTtlSeconds,
        });
        const mail = resetPasswordEmail({
          firstName: customer.firstName,
          resetUrl: new URL(`/reset-password/${token}`, links.publicUrl).toString(),
          validMinutes: PASSWORD_LIMITS.resetLinkTtlSeconds / 60,
        });
        // Sealed apart from the stored text (decision 013): the outbox never keeps a live link.
        await outbox.enqueue({ channel: 'email', to: customer.email, ...mail, secrets: [token] });
      });
      return customerId;
    },

    /**
     * Account/ConfirmPassword: the password again, in a session whose sign-in is older than a few
     * minutes, before it may move the account's contact points. Wrong tries share ChangePassword's
     * limit, so neither call is a password oracle.
     */
    async confirm(session: { customerId: number; familyId: number }, password: string) {
      const checked = await verifyCounted(session.customerId, password);
      if (checked.kind !== 'verified') return checked;
      await store.sessions.recordPasswordProof(session.familyId);
      return { kind: 'confirmed' } as const;
    },

    /**
     * A reset link (forgot password) or a set-password link (stage1's welcome e-mail). A reset ends every
     * session, as whoever asked may not be the one signed in; a first password leaves the applicant's own.
     */
    async changeByLink(token: string, newPassword: string): Promise<ChangePasswordByLinkOutcome> {
      const link = await store.passwordLinks.findLive(token);
      if (!link) return { kind: 'linkExpired' };
      // Refused before the link is claimed: the person can try again with the same link.
      if (isCommonPassword(newPassword)) return { kind: 'commonPassword' };
      const passwordHash = await hashPassword(newPassword);
      const isReset = link.purpose === PasswordLinkPurpose.resetPassword;
      const changed = await store.transaction(async (repos) => {
        if (!(await repos.passwordLinks.claim(link.id))) return false;
        await setPassword(repos, link.customerId, passwordHash, { signedOutElsewhere: isReset });
        if (isReset) await repos.sessions.revokeCustomer(link.customerId, 'password-reset');
        return true;
      });
      if (!changed) return { kind: 'linkExpired' };
      // Again after the commit, so no process keeps a session it read as live during the transaction.
      if (isReset) await store.sessions.revokeCustomer(link.customerId, 'password-reset');
      return { kind: 'changed', customerId: link.customerId };
    },

    async change(
      session: { customerId: number; familyId: number },
      oldPassword: string,
      newPassword: string,
    ): Promise<ChangePasswordOutcome> {
      const checked = await verifyCounted(session.customerId, oldPassword);
      if (checked.kind !== 'verified') return checked;
      const { customer } = checked;
      if (isCommonPassword(newPassword)) return { kind: 'commonPassword' };
      if (newPassword === oldPassword) return { kind: 'notNew' };
      const passwordHash = await hashPassword(newPassword);
      await store.transaction(async (repos) => {
        await setPassword(repos, customer.id, passwordHash, { signedOutElsewhere: true });
        await repos.sessions.revokeCustomer(customer.id, 'password-changed', session.familyId);
      });
      await store.sessions.revokeCustomer(customer.id, 'password-changed', session.familyId);
      return { kind: 'changed' };
    },
  };
}

/** The new hash, every other password link ended (one in a mailbox must not outlive it), and the notice. */
async function setPassword(
  repos: EntityRepositories,
  customerId: number,
  passwordHash: string,
  notice: { signedOutElsewhere: boolean },
) {
  const customer = await repos.customers.findById(customerId);
  if (!customer) throw new Error('the customer of a password change has vanished');
  await repos.customers.setPasswordHash(customerId, passwordHash);
  await repos.passwordLinks.retire(customerId);
  await repos.outbox.enqueue({
    channel: 'email',
    to: customer.email,
    ...passwordChangedEmail({ firstName: customer.firstName, ...notice }),
  });
}

export type PasswordService = ReturnType<typeof passwordService>;
