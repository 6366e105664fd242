import { AppStatus } from './status';

/**
 * What the borrow page says of each status (GetBorrowingSummary's loanStatus and loanStatusMessage).
 * The spec gives the ids but not these words; they are ours (docs/decisions/021), written for the
 * customer: what has happened and what, if anything, they need to do.
 */
export const STATUS_TEXT: Record<number, { name: string; message: string }> = {
  [AppStatus.applicationNew]: {
    name: 'Quote ready',
    message: 'Your quote is waiting for you. Accept it to carry on with your application.',
  },
  [AppStatus.leadDeclined]: {
    name: 'Declined',
    message: 'We could not offer you a loan this time. We have sent you an e-mail explaining why.',
  },
  [AppStatus.offerAccepted]: {
    name: 'Card check needed',
    message: 'Please add your debit card to carry on with your application.',
  },
  [AppStatus.cardDeclined]: {
    name: 'Card declined',
    message: 'Your card could not be checked. Please try again with another debit card.',
  },
  [AppStatus.cardAccepted]: {
    name: 'Income and expenses needed',
    message: 'Please tell us about your income and expenses to carry on with your application.',
  },
  [AppStatus.applicationCompleted]: {
    name: 'Bank details needed',
    message: 'Please give us the bank account the loan should be paid into.',
  },
  [AppStatus.esignSent]: {
    name: 'Ready to sign',
    message: 'Your loan agreement is ready to sign.',
  },
  [AppStatus.undewriting]: {
    name: 'Being reviewed',
    message:
      'Thank you for signing. We are making our final checks and will e-mail you our decision shortly.',
  },
  [AppStatus.leadAccepted]: {
    name: 'Application started',
    message: 'Your application has started. Please carry on where you left off.',
  },
  [AppStatus.leadLanded]: {
    name: 'Bank details needed',
    message: 'Please give us the bank account the loan should be paid into.',
  },
  [AppStatus.leadLandedCardDeclined]: {
    name: 'Card declined',
    message: 'Your card could not be checked. Please try again with another debit card.',
  },
  [AppStatus.offerSent]: {
    name: 'New offer to sign',
    message: 'We have changed our offer. Please read and sign the new agreement.',
  },
  [AppStatus.undewritingReview]: {
    name: 'Being reviewed by our team',
    message:
      'One of our team is looking at your application. We will e-mail you our decision within one working day.',
  },
  [AppStatus.approved]: {
    name: 'Approved',
    message: 'Your loan is approved. The money will be in your bank account within 15 minutes.',
  },
  [AppStatus.active]: {
    name: 'Loan active',
    message:
      'Your loan has been paid out. Your repayments will be collected from your card on the due dates.',
  },
  [AppStatus.arrears]: {
    name: 'Payment overdue',
    message: 'A repayment is overdue. Please make a payment or contact us: we are here to help.',
  },
  [AppStatus.defaulted]: {
    name: 'In default',
    message: 'Your loan is in default. Please contact us to agree a way to repay: we are here to help.',
  },
  [AppStatus.settled]: {
    name: 'Repaid',
    message: 'Your loan is repaid in full. Thank you.',
  },
  [AppStatus.withdrawn]: {
    name: 'Withdrawn',
    message: 'You withdrew from this loan agreement. Nothing more is owed.',
  },
};

/** The words for a status; an unknown id reads as plainly as it can. */
export const statusText = (statusId: number) =>
  STATUS_TEXT[statusId] ?? { name: 'Application', message: 'Please contact us about your application.' };
