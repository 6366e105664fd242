import type { LoanState } from '@lender/contract/calls/loan-state';

/** GetLoanState for a loan flagged legal: a line, a next step that links elsewhere, a letter to reply to. */
export const LEGAL_LOAN_STATE: LoanState = {
  state: 'legal',
  statusName: 'Letter about your debt',
  statusLine: 'We have sent you a letter about your debt. Please reply by 27-12-2026.',
  nextStep: { label: 'Read the letter and reply', path: '/pre-claim' },
  letter: { issuedOn: '2026-11-27', replyBy: '2026-12-27', replied: false },
  mayPay: true,
  mayReschedule: true,
};
