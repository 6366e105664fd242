import type { IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import type { SigningPrice } from './price-for-signing';

/** A payout account as documents show it: the sort code and the account number's last 4 digits only. */
export type PayoutAccount = { sortCode: string; last4: string };

/** The sort code as banks print it (12-34-56) and the account number hidden but its last 4 (****9911). */
export const maskedAccount = (a: PayoutAccount) => ({
  sortCode: a.sortCode.replace(/\D/g, '').replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3'),
  accountNumber: `****${a.last4}`,
});

/** Everything the three agreement documents say about this application; the figures are all in `pricing`. */
export type AgreementFacts = {
  /** The application guid, printed as the agreement number. */
  reference: string;
  /** The day the documents are priced for: the money is paid out today. */
  today: IsoDate;
  customer: { fullName: string; address: string; email: string; mobile: string };
  loan: {
    amountPence: Pence;
    period: number;
    /** The wage frequency's dictionary name. */
    wageFrequency: string;
    /** The rate the application was offered; `pricing.price.dailyRate` is lower when the cost cap binds. */
    dailyRate: number;
  };
  pricing: SigningPrice;
  /** The card the Continuous Payment Authority takes payments from. */
  cardLast4: string;
  /**
   * The bank account the loan is paid into, shown masked (issue 45: the borrower checks it is theirs
   * before signing); null when none is given yet.
   */
  payoutAccount: PayoutAccount | null;
};
