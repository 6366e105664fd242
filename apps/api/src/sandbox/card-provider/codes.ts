/**
 * The provider's codes (z2) and texts (z3). "0" is the spec's payment-success code; the others follow
 * the ISO 8583 response codes card issuers use.
 */
export const Codes = {
  success: { z2: '0', z3: '' },
  /** Nothing has failed: the bank wants the applicant first. */
  challengeNeeded: { z2: '0', z3: 'Your bank asks you to confirm the check.' },
  invalidMerchant: { z2: '03', z3: 'Invalid merchant.' },
  doNotHonour: { z2: '05', z3: 'Do not honour: your card issuer declined the check.' },
  challengeFailed: { z2: '05', z3: 'Your bank could not confirm the check.' },
  invalidTransaction: {
    z2: '12',
    z3: 'This card check has expired or is not known. Please enter your card details again.',
  },
  unknownCard: { z2: '12', z3: 'This card is not known: add it again.' },
  invalidCardNumber: { z2: '14', z3: 'Invalid card number.' },
  formatError: { z2: '30', z3: 'The card details are incomplete.' },
  insufficientFunds: { z2: '51', z3: 'Not sufficient funds.' },
  expiredCard: { z2: '54', z3: 'Expired card.' },
} as const;
export type Code = (typeof Codes)[keyof typeof Codes];
