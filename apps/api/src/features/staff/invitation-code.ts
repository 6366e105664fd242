import crypto from 'node:crypto';
import {
  groupInvitationCode,
  INVITATION_CODE_ALPHABET,
  INVITATION_CODE_LENGTH,
  normaliseInvitationCode,
} from '@lender/contract/calls/staff';

/**
 * Wrong invitation codes an invitation takes: the fifth makes it void (docs/decisions/071). With 31^8
 * codes, 5 guesses find the right one with a chance of about 1 in 170 billion.
 */
export const INVITATION_CODE_TRIES = 5;

/** A new invitation code as the admin reads it out: 8 random characters of the alphabet, `K7PM-4XQR`. */
export const newInvitationCode = () =>
  groupInvitationCode(
    Array.from(
      { length: INVITATION_CODE_LENGTH },
      () => INVITATION_CODE_ALPHABET[crypto.randomInt(INVITATION_CODE_ALPHABET.length)],
    ).join(''),
  );

/**
 * What is stored of a code: an HMAC-SHA-256 under a key of its own derived from DATA_KEY, bound to the
 * invitation's token hash. 31^8 codes are few enough that a plain hash would be reversed offline from a
 * copy of the database; without the key the stored value says nothing, and one invitation's hash says
 * nothing of another's. The code is compared as typed, in any case, dash and spaces left out.
 */
export function invitationCodeHash(typed: string, tokenHash: string, dataKey: string): string {
  const key = crypto
    .createHmac('sha256', Buffer.from(dataKey, 'hex'))
    .update('staff-invitation-code')
    .digest();
  return crypto
    .createHmac('sha256', key)
    .update(`${tokenHash}:${normaliseInvitationCode(typed)}`)
    .digest('hex');
}

/** Whether a typed code is the one whose hash is kept: compared in constant time. */
export function invitationCodeMatches(
  typed: string,
  kept: string,
  tokenHash: string,
  dataKey: string,
): boolean {
  const given = Buffer.from(invitationCodeHash(typed, tokenHash, dataKey), 'hex');
  const stored = Buffer.from(kept, 'hex');
  return given.length === stored.length && crypto.timingSafeEqual(given, stored);
}
