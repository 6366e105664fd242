import type { RETURN_TO } from '@lender/contract/calls/open-banking';

export type ReturnTo = (typeof RETURN_TO)[number];

/** The page the applicant comes back to, with what they had typed kept (form-draft.ts). */
export const RETURN_PATHS: Record<ReturnTo, string> = { stage3: '/loan/stage3', repeatLoan: '/borrow/apply' };

/** What the return page tells the page it goes back to, through the router's state. */
export type BankOutcome = { bankOutcome: 'connected' | 'denied' | 'failed' | 'closed' };
