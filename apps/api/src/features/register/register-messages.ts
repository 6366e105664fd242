/** The errorMessages the register calls answer with where the spec gives none (the page shows its own texts). */
export const RegisterMessage = {
  declined: 'We are unable to approve your application at this time.',
  stageClosed: 'This step of your application is not open. Please continue where you left off.',
  cardCheckUnavailable: 'The card check is not available just now. Please try again in a few minutes.',
  esignClosed:
    'This e-sign link is no longer open. Please use the link in your latest e-mail, or call us to change your application.',
  invalidSmsCode: 'Not Valid SMS Code',
  smsCodeExpired: 'This code has expired. Please use the resend link to get a new code.',
  smsCodeTooManyTries:
    'This code was entered wrongly too many times. Please use the resend link to get a new code.',
  emailNotVerified: 'Please confirm your e-mail address first: click the link in the e-mail we sent you.',
  agreementChanged:
    'Your agreement has been updated for today’s date. Please read the documents again before you sign.',
  resendTooSoon: (seconds: number) => `Please wait ${seconds} seconds before asking for another one.`,
  resendDailyLimit: 'We have sent the most we can for today. Please try again later or call us.',
} as const;
