import { randomBytes } from 'node:crypto';
import { BRAND } from '@lender/contract/brand';
import { isStaffRole, type StaffRole } from '@lender/contract/staff-permissions';
import qrcode from 'qrcode-generator';
import type { AppContext } from '../../app-context';
import { staffActor, systemActor } from '../../entities/audit/actor';
import { auditRepository } from '../../entities/audit/audit-repository';
import { staffCredentials, type StaffInvitationRecord } from '../../entities/staff/staff-credentials';
import {
  staffAccounts,
  STAFF_SESSION_ABSOLUTE_MS,
  type OpenedStaffSession,
  type StaffMember,
} from '../../entities/staff/staff-sessions';
import { nowIso } from '../../lib/clock';
import { isCommonPassword } from '../../lib/passwords/common-passwords';
import { hashPassword, verifyPassword } from '../../lib/passwords/password-hashing';
import { decrypt, encrypt, sha256 } from '../../lib/secrets';
import { base32Encode, newTotpSecret, otpauthUri, verifyTotp } from '../../lib/totp';
import { INVITATION_CODE_TRIES, invitationCodeMatches } from './invitation-code';

/**
 * Staff lock after this many failed sign-ins within the window, for the same length of time: the numbers
 * of customers' ACCOUNT_LOCK (docs/decisions/060-staff-sign-in.md). A wrong password and a wrong code count
 * alike.
 */
export const STAFF_LOCK = { failures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 } as const;
export const RECOVERY_CODE_COUNT = 10;
/** The issuer an authenticator app shows beside the account. */
const TOTP_ISSUER = `${BRAND.name} staff`;

/**
 * A recovery code as shown: 10 base32 characters (50 random bits) in two groups, `ABCDE-FGHIJ`. Typed
 * back in any case, with or without the dash or spaces.
 */
const newRecoveryCode = () => {
  const text = base32Encode(randomBytes(7)).slice(0, 10);
  return `${text.slice(0, 5)}-${text.slice(5)}`;
};
const recoveryCodeHash = (code: string) => sha256(code.toUpperCase().replace(/[\s-]/g, ''));

/** Light modules around the code, as the QR standard asks, so a camera finds its edges. */
const QR_QUIET_ZONE = 4;

/**
 * The QR code of an otpauth URI as an `<svg>` element, one module per unit, scaling to its box: each row's
 * runs of dark modules are one rectangle each (a few kB, where the library's own tag draws every module,
 * about 37 kB), drawn with crisp edges so no seam shows between them.
 */
export function qrSvg(text: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  const size = n + 2 * QR_QUIET_ZONE;
  let path = '';
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n;) {
      if (!qr.isDark(row, col)) {
        col++;
        continue;
      }
      let end = col;
      while (end < n && qr.isDark(row, end)) end++;
      path += `M${col + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h${end - col}v1h-${end - col}z`;
      col = end;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges" ` +
    `role="img" aria-label="QR code for your authenticator app">` +
    `<rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`
  );
}

export type StaffSignedIn = { member: StaffMember; session: OpenedStaffSession };

export type InvitationShown = {
  email: string;
  displayName: string;
  role: StaffRole;
  secretBase32: string;
  otpauthUri: string;
  qrSvg: string;
};

/** The invitation code's check (docs/decisions/071): a wrong one says the tries left; the last makes it void. */
export type InvitationCodeRefused =
  { kind: 'closed' } | { kind: 'void' } | { kind: 'invitationCodeWrong'; triesLeft: number };

export type InvitationState =
  { kind: 'open'; expiresAt: string; codeTriesLeft: number } | InvitationCodeRefused;

export type OpenOutcome = { kind: 'shown'; shown: InvitationShown } | InvitationCodeRefused;

export type AcceptOutcome =
  | { kind: 'enrolled'; recoveryCodes: string[]; signedIn: StaffSignedIn }
  | InvitationCodeRefused
  | { kind: 'codeWrong' }
  | { kind: 'commonPassword' };

/** Who the audit names for a try of an invitation code: nobody is proven yet, so not the member. */
const INVITATION_ACTOR = systemActor('staff-invitation');

export type StaffLoginOutcome =
  | { kind: 'signedIn'; signedIn: StaffSignedIn }
  | { kind: 'failed' }
  | { kind: 'tooMany'; retryAfterSeconds: number };

/** Seconds a new session's cookie lives: its absolute end. */
export const STAFF_COOKIE_MAX_AGE_SECONDS = STAFF_SESSION_ABSOLUTE_MS / 1000;

/**
 * The staff console's sign-in (issue 48): opening and accepting an invitation (password and TOTP
 * enrolment, recovery codes shown once), signing in with e-mail, password and a TOTP or recovery code,
 * and signing out. Every refusal of a sign-in is the same to the caller; the security events say which.
 */
export function staffSignInService(ctx: Pick<AppContext, 'db' | 'config' | 'security' | 'limits'>) {
  const { db, config, security } = ctx;
  /**
   * Failed staff sign-ins per caller address, over every member (customers' number, its own count): a
   * guesser spreading tries over many e-mails meets this before any lock. Counted before the checks and
   * taken back by a sign-in.
   */
  const addressFailures = ctx.limits.limiter({
    scope: 'staff-login-address',
    limit: config.LOGIN_FAILURES_PER_ADDRESS,
    windowMs: STAFF_LOCK.windowSeconds * 1000,
  });
  const key = config.DATA_KEY;
  const accounts = staffAccounts(db);
  const credentials = staffCredentials(db);

  const open = async (member: StaffMember): Promise<StaffSignedIn> => ({
    member,
    session: await accounts.openSession(member.id),
  });

  /** The member as Staff/Me shows them (the sign-in's record holds only the id and the e-mail). */
  const memberByEmail = async (email: string) => (await accounts.findByEmail(email))!;

  /** The open (or void) invitation of a link, if its member's role is one the code knows. */
  const live = async (token: string) => {
    const invitation = await credentials.liveInvitation(sha256(token), nowIso());
    // A role the code no longer knows enrols no one; an invitation made before the code opens nothing.
    if (!invitation || !isStaffRole(invitation.role) || !invitation.codeHash) return null;
    return invitation;
  };

  /**
   * The invitation code against its keyed hash, in constant time (docs/decisions/071). A try is claimed
   * in the database before the comparison, so racing guesses cannot pass the limit together; a right
   * code gives its claim back. Each wrong try is audited and a security event; the fifth voids the
   * invitation. Null: the code is right.
   */
  const checkInvitationCode = async (
    invitation: StaffInvitationRecord,
    token: string,
    typed: string,
    ip: string,
  ): Promise<InvitationCodeRefused | null> => {
    if (invitation.voidedAt) return { kind: 'void' };
    const failures = await credentials.claimCodeTry(invitation.id, INVITATION_CODE_TRIES);
    // Used or voided by another request meanwhile, or its last tries being spent by racing ones.
    if (failures === null) return (await live(token)) ? { kind: 'void' } : { kind: 'closed' };
    if (invitationCodeMatches(typed, invitation.codeHash!, sha256(token), key)) {
      await credentials.giveBackCodeTry(invitation.id);
      return null;
    }
    const triesLeft = INVITATION_CODE_TRIES - failures;
    const subject = { type: 'staff', id: String(invitation.staffId) };
    const voided = triesLeft <= 0 && (await credentials.voidInvitation(invitation.id, nowIso()));
    await db.transaction().execute(async (trx) => {
      await auditRepository(trx).record({
        actor: INVITATION_ACTOR,
        action: 'staff-invitation-code-wrong',
        subject,
        details: { address: ip, failures, triesLeft },
      });
      if (voided) {
        await auditRepository(trx).record({
          actor: INVITATION_ACTOR,
          action: 'staff-invitation-void',
          subject,
          details: { address: ip, failures },
        });
      }
    });
    await security.record({
      type: 'staff-sign-in-failed',
      staffId: invitation.staffId,
      ip,
      detail: voided ? 'invitation code, invitation void' : 'invitation code',
    });
    return triesLeft <= 0 ? { kind: 'void' } : { kind: 'invitationCodeWrong', triesLeft };
  };

  return {
    /**
     * The invitation page's first look: whether the link is open, and how many wrong invitation codes it
     * still takes. Nothing of who is invited, and no secret: the link alone proves nothing.
     */
    async invitationState(token: string): Promise<InvitationState> {
      const invitation = await live(token);
      if (!invitation) return { kind: 'closed' };
      if (invitation.voidedAt) return { kind: 'void' };
      return {
        kind: 'open',
        expiresAt: invitation.expiresAt,
        codeTriesLeft: Math.max(0, INVITATION_CODE_TRIES - invitation.codeFailures),
      };
    },

    /**
     * The invitation code given: the right one shows who is invited and the secret to enrol. The secret
     * is made on the first right opening and kept (sealed) with the invitation, so a reload shows the
     * same one; a wrong code counts, and the fifth makes the invitation void.
     */
    async openInvitation(token: string, invitationCode: string, ip: string): Promise<OpenOutcome> {
      const invitation = await live(token);
      if (!invitation) return { kind: 'closed' };
      const refused = await checkInvitationCode(invitation, token, invitationCode, ip);
      if (refused) return refused;
      await auditRepository(db).record({
        actor: INVITATION_ACTOR,
        action: 'staff-invitation-code-right',
        subject: { type: 'staff', id: String(invitation.staffId) },
        details: { address: ip },
      });
      if (!invitation.pendingSecretSealed) {
        await credentials.keepPendingSecret(invitation.id, encrypt(newTotpSecret(), key));
      }
      const sealed = await credentials.pendingSecret(invitation.id);
      const secret = decrypt(sealed!, key);
      const uri = otpauthUri(TOTP_ISSUER, invitation.email, secret);
      return {
        kind: 'shown',
        shown: {
          email: invitation.email,
          displayName: invitation.displayName,
          role: invitation.role as StaffRole,
          secretBase32: secret,
          otpauthUri: uri,
          qrSvg: qrSvg(uri),
        },
      };
    },

    /**
     * With the invitation code again (the secret shown is no proof on its own either), sets the password
     * and the TOTP secret the invitation showed, once a code from the app proves it was added; uses the
     * invitation up, makes the recovery codes and opens a session.
     */
    async acceptInvitation(
      token: string,
      invitationCode: string,
      password: string,
      code: string,
      ip: string,
    ): Promise<AcceptOutcome> {
      const invitation = await live(token);
      if (!invitation) return { kind: 'closed' };
      const refused = await checkInvitationCode(invitation, token, invitationCode, ip);
      if (refused) return refused;
      if (isCommonPassword(password)) return { kind: 'commonPassword' };
      const sealed = invitation.pendingSecretSealed;
      const step = sealed ? verifyTotp(decrypt(sealed, key), code.trim(), Date.now() / 1000, null) : null;
      if (step === null) {
        await security.record({
          type: 'staff-sign-in-failed',
          staffId: invitation.staffId,
          ip,
          detail: 'enrolment code',
        });
        return { kind: 'codeWrong' };
      }
      const passwordHash = await hashPassword(password);
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const now = nowIso();
      const claimed = await db.transaction().execute(async (trx) => {
        const repo = staffCredentials(trx);
        if (!(await repo.claimInvitation(invitation.id, now))) return false;
        await repo.enrol(
          invitation.staffId,
          {
            passwordHash,
            totpSecretSealed: sealed!,
            step,
            recoveryCodeHashes: recoveryCodes.map(recoveryCodeHash),
          },
          now,
        );
        await auditRepository(trx).record({
          actor: staffActor(invitation.staffId),
          action: 'staff-enrolled',
          subject: { type: 'staff', id: String(invitation.staffId) },
        });
        return true;
      });
      if (!claimed) return { kind: 'closed' };
      await security.record({ type: 'staff-enrolled', staffId: invitation.staffId, ip });
      return {
        kind: 'enrolled',
        recoveryCodes,
        signedIn: await open(await memberByEmail(invitation.email)),
      };
    },

    async login(email: string, password: string, code: string, ip: string): Promise<StaffLoginOutcome> {
      const failed = async (staffId: number | null, detail: string) => {
        await security.record({ type: 'staff-sign-in-failed', staffId, ip, detail });
        return { kind: 'failed' } as const;
      };
      const throttled = await addressFailures.hit(ip);
      if (!throttled.allowed) {
        await security.record({ type: 'limit-refused', ip, detail: 'staff sign-in per address' });
        return { kind: 'tooMany', retryAfterSeconds: throttled.retryAfterSeconds };
      }
      const record = await credentials.forSignIn(email);
      const now = new Date();
      if (!record || record.disabledAt || !record.passwordHash || !record.totpSecretSealed) {
        // The same password work as a real check, so the time taken does not tell why.
        await verifyPassword(null, password);
        return failed(
          record?.id ?? null,
          !record ? 'unknown' : record.disabledAt ? 'disabled' : 'not enrolled',
        );
      }
      if (record.lockedUntil !== null && record.lockedUntil > nowIso(now)) {
        await verifyPassword(null, password);
        return failed(record.id, 'locked');
      }
      const windowStart = new Date(now.getTime() - STAFF_LOCK.windowSeconds * 1000).toISOString();
      const tries = await credentials.claimAttempt(record.id, windowStart, nowIso(now));
      if (tries > STAFF_LOCK.failures) {
        // Racing tries past the limit: the one that reached it locks the member.
        await verifyPassword(null, password);
        return failed(record.id, 'locked');
      }
      const passwordRight = await verifyPassword(record.passwordHash, password);
      const typed = code.trim();
      const isTotp = /^\d{6}$/.test(typed);
      let codeRight = false;
      // The code is looked at only behind the right password: no one burns a recovery code by guessing.
      if (passwordRight && isTotp) {
        const secret = decrypt(record.totpSecretSealed, key);
        const step = verifyTotp(secret, typed, now.getTime() / 1000, record.lastTotpStep);
        codeRight = step !== null && (await credentials.acceptStep(record.id, step));
      } else if (passwordRight) {
        codeRight = await credentials.useRecoveryCode(record.id, recoveryCodeHash(typed), nowIso(now));
      }
      if (!passwordRight || !codeRight) {
        const outcome = await failed(record.id, passwordRight ? 'code' : 'password');
        if (tries === STAFF_LOCK.failures) {
          const until = new Date(now.getTime() + STAFF_LOCK.lockSeconds * 1000).toISOString();
          await credentials.clearFailures(record.id, until);
          await security.record({ type: 'staff-locked', staffId: record.id, ip });
        }
        return outcome;
      }
      await credentials.clearFailures(record.id);
      await throttled.takeBack();
      await security.record({
        type: 'staff-sign-in',
        staffId: record.id,
        ip,
        ...(isTotp ? {} : { detail: 'recovery code' }),
      });
      return { kind: 'signedIn', signedIn: await open(await memberByEmail(record.email)) };
    },

    async logout(staffId: number, sessionId: number, ip: string): Promise<void> {
      await accounts.endSession(sessionId);
      await security.record({ type: 'staff-sign-out', staffId, ip });
    },
  };
}

export type StaffSignInService = ReturnType<typeof staffSignInService>;
