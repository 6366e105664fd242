import type { LoanState } from '@lender/contract/calls/loan-state';
import { formatPence } from '@lender/contract/money';

/** GetLoanState for a loan flagged legal: a line, a next step that links elsewhere, a letter to reply to. */
export const LEGAL_LOAN_STATE: LoanState = {
  state: 'legal',
  statusName: 'Letter about your debt',
  statusLine: 'We have sent you a letter about your debt. Please reply by 27-12-2026.',
  nextStep: { label: 'Read the letter and reply', path: '/pre-claim' },
  letter: { issuedOn: '2026-11-27', replyBy: '2026-12-27', replied: false },
  mayPay: true,
  mayReschedule: true,
  figure: null,
};

/** GetLoanState for a loan being repaid: its line, no next step, and the next payment as its figure. */
export const ACTIVE_LOAN_STATE: LoanState = {
  state: 'active',
  statusName: 'Loan active',
  statusLine: 'Your loan is active. Your payments are collected from your card on their due dates.',
  nextStep: null,
  letter: null,
  mayPay: true,
  mayReschedule: true,
  figure: {
    name: 'nextPayment',
    label: 'Next payment',
    text: `${formatPence(11_340)} on 20-12-2026`,
    amount: 113.4,
    date: '2026-12-20',
  },
};
