import { z } from 'zod';
import { emailField } from '../rules/common';
import { Msg } from '../rules/messages';
import { newPasswordField } from '../rules/password';
import { PASSWORD_MAX } from '../rules/password-rules';
import { PERMISSIONS, STAFF_ROLES } from '../staff-permissions';

/** Staff/Me: the staff member the session belongs to, and what their role lets them do. */
export const staffMeSchema = z.object({
  staffId: z.number().int(),
  /** The sign-in name: the member's e-mail for a member added by invitation (issue 48). */
  username: z.string(),
  /** The member's e-mail (their sign-in name); null only for a member made before issue 48. */
  email: z.string().nullable(),
  displayName: z.string(),
  role: z.enum(STAFF_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
});

/** An invitation link's token as the e-mailed link carries it (32 random bytes, base64url). */
const invitationToken = z
  .string({ error: Msg.staffInvitationLink })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: Msg.staffInvitationLink });

/** A 6-digit authenticator code, or (at sign-in) one of the recovery codes. */
const codeField = (what: string) =>
  z.string({ error: what }).trim().min(1, { error: what }).max(40, { error: what });

/** StaffAuth/Invitation: what the invitation page shows to enrol. */
export const staffInvitationQuerySchema = z.object({ token: invitationToken }, { error: Msg.request });
export const staffInvitationSchema = z.object({
  email: z.string(),
  displayName: z.string(),
  role: z.enum(STAFF_ROLES),
  /** The TOTP secret as base32 text, to type into an authenticator app. The same on every opening. */
  secretBase32: z.string(),
  /** `otpauth://totp/...`: what the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code of `otpauthUri` as an `<svg>` element (drawn by the server; no script, no link). */
  qrSvg: z.string(),
});

/** StaffAuth/AcceptInvitation: the password (customers' rules) and a code from the app just set up. */
export const staffAcceptInvitationSchema = z.object(
  {
    token: invitationToken,
    password: newPasswordField,
    code: codeField(Msg.staffEnrolmentCode),
  },
  { error: Msg.request },
);
/** Shown once: each signs in once in place of an authenticator code. */
export const staffRecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** StaffAuth/Login: e-mail, password, and a 6-digit authenticator code or a recovery code. */
export const staffLoginSchema = z.object(
  {
    email: emailField(Msg.loginEmail),
    password: z
      .string({ error: Msg.loginPassword })
      .min(1, { error: Msg.loginPassword })
      .max(PASSWORD_MAX, { error: Msg.maxLength(PASSWORD_MAX) }),
    code: codeField(Msg.staffSignInCode),
  },
  { error: Msg.request },
);

/** One signed application waiting for a decision, as `npm run ops -- underwriting list` shows it. */
export const underwritingQueueItemSchema = z.object({
  applicationGuid: z.string(),
  statusId: z.number().int(),
  /** True when the rules referred it to a person (status 48); false while it waits for the rules (8). */
  referred: z.boolean(),
  customerEmail: z.string(),
  firstName: z.string(),
  amountPence: z.number().int().meta({ description: 'The amount asked for, in pence.' }),
});

/** Underwriting/Queue: every signed or referred application waiting for a decision, oldest first. */
export const underwritingQueueSchema = z.object({ applications: z.array(underwritingQueueItemSchema) });
