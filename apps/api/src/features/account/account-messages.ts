/**
 * What the account calls say. Spec section 8 word for word where it gives the text ('Email already
 * exists.', 'Changing password failed.'); elsewhere in its calm, plain voice.
 */
export const AccountMessage = {
  tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',
  linkExpired: 'This link has expired or has already been used. Please ask for a new one.',
  wrongPassword: 'Changing password failed.',
  passwordNotNew: 'Please choose a password you have not used here before.',
  sameEmail: 'This is already your e-mail address.',
  emailTaken: 'Email already exists.',
  mobileTaken: 'This mobile number is already registered with another account.',
} as const;
