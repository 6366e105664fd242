/*
 * Legal figures the documents quote that are not prices, so the pricing engine does not hold them. Each is
 * set by law or by the regulator, not by us.
 */

/** Consumer Credit Act 1974 s66A: the right to withdraw lasts 14 days. */
export const WITHDRAWAL_DAYS = 14;

/** Consumer Credit Act 1974 s66A(9): after withdrawing, the credit and its interest are repaid within 30 days. */
export const WITHDRAWAL_REPAY_WITHIN_DAYS = 30;

/** CONC 7.6.13R: no more than two unsuccessful attempts to take a payment by Continuous Payment Authority. */
export const CPA_MAX_FAILED_ATTEMPTS = 2;

/** DISP 1.6.2R: a complaint not settled within 8 weeks may go to the Financial Ombudsman Service. */
export const COMPLAINT_ANSWER_WEEKS = 8;

/** The free, independent service for complaints we have not settled. */
export const FINANCIAL_OMBUDSMAN = {
  website: 'financial-ombudsman.org.uk',
  phone: '0800 023 4567',
} as const;
