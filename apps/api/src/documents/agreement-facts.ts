import type { IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import type { SigningPrice } from './price-for-signing';

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
};
