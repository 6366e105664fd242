// No zod here: the password hint imports this into the page's first chunk, which loads no schema.
/** Spec section 9: at least 6 characters with at least one capital letter and one digit. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
/** A password the server's common-password check refuses (its test proves it), named in the hint. */
export const COMMON_PASSWORD_EXAMPLE = 'Password1';
export const PASSWORD_RULE = new RegExp(`^(?=.*[A-Z])(?=.*\\d).{${PASSWORD_MIN},}$`);

/**
 * Every rule a new password meets, in words, for the hint a person reads before typing (issue 31): the
 * spec's rule and the length from the constants above, and the two the server adds (issue 12): not on
 * its list of common passwords, and, when changing, not the existing one. One list, so the hint cannot
 * promise less than the server asks.
 */
export function passwordRequirements({ changing }: { changing: boolean }): string[] {
  return [
    `at least ${PASSWORD_MIN} characters (and at most ${PASSWORD_MAX})`,
    'a capital letter',
    'a number',
    `not a commonly used password, such as '${COMMON_PASSWORD_EXAMPLE}'`,
    ...(changing ? ['different from your existing password'] : []),
  ];
}
