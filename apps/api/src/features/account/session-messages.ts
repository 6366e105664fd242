/** What the sign-in calls say (spec section 8 word for word where it gives the text). */
export const SessionMessage = {
  loginFailed: 'Login failed. Check your login details.',
  tooManyLogins: 'Too many failed logins. Please wait a few minutes and try again.',
  sessionEnded: 'Your session has ended. Please log in again.',
} as const;
