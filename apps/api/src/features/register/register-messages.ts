/** The errorMessages the register calls answer with where the spec gives none (the page shows its own texts). */
export const RegisterMessage = {
  declined: 'We are unable to approve your application at this time.',
  stageClosed: 'This step of your application is not open. Please continue where you left off.',
  cardCheckUnavailable: 'The card check is not available just now. Please try again in a few minutes.',
} as const;
