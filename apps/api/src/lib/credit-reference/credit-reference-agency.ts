import type { IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';

/**
 * A credit reference agency as the API sees it (issue 47): searches of an applicant's credit file, the
 * agency's particulars for the notices that name it (Consumer Credit Act s157), and the data we share
 * with it. An agency that fails, answers outside the protocol or does not answer in time gives
 * `unavailable`, never a throw: a search that gets no answer refers the application, never declines it.
 */
export interface CreditReferenceAgency {
  search(request: CreditSearchRequest): Promise<CreditSearchResult>;
  /** Who the agency is, as a declined applicant is told (name, postal address, phone, web page). */
  agencyParticulars(): Promise<AgencyParticulars | Unavailable>;
  /** Loan events shared the day they happen; the same eventId twice is received once. */
  submit(records: readonly SharedRecord[]): Promise<SubmitResult>;
  /** The month's snapshot of every account, in the fixed-width layout of docs/credit-reference-protocol.md. */
  submitMonthly(month: string, file: string): Promise<SubmitResult>;
}

export type Unavailable = { outcome: 'unavailable'; reason: string };

/** A quotation (soft) search leaves no footprint others see; an application (hard) search does. */
export type SearchType = 'quotation' | 'application';

export type CraAddress = {
  line1: string;
  line2: string | null;
  town: string;
  postcode: string;
  /** When the applicant moved in, where known. */
  since: IsoDate | null;
};

export type CreditSearchRequest = {
  type: SearchType;
  applicant: {
    firstName: string;
    lastName: string;
    birthDate: IsoDate;
    /** The current address first, then earlier ones covering the last 3 years. */
    addresses: readonly CraAddress[];
  };
  amountPence: Pence;
  /** Months (1 for a short-term loan). */
  termMonths: number;
  /** Our reference of the applicant's consent to the search (the application's guid and the search's kind). */
  consentReference: string;
};

export type CreditSearchResult = { outcome: 'report'; report: CreditReport } | Unavailable;

export type InsolvencyType = 'bankruptcy' | 'iva' | 'dro' | 'trust-deed';
export type AccountType =
  'hcstc' | 'credit-card' | 'loan' | 'mortgage' | 'current-account' | 'mail-order' | 'utility' | 'other';
/** A month of an account's history as the agencies code it: 0-6 months in arrears, D default, S settled, U unknown. */
export type AccountStatusCode = '0' | '1' | '2' | '3' | '4' | '5' | '6' | 'D' | 'S' | 'U';

export type CreditReport = {
  /** The agency's reference of this search: each finding made from it names it. */
  reference: string;
  searchedAt: string;
  identity: {
    /** 'confirmed': name, date of birth and address match; 'partial': some; 'none': no match. */
    matchLevel: 'confirmed' | 'partial' | 'none';
    electoralRoll: { registered: boolean; monthsAtAddress: number | null };
    deceased: boolean;
  };
  /** Null on a thin file. */
  score: { value: number; scorecard: string } | null;
  publicRecords: {
    ccjs: { amountPence: Pence; registeredOn: IsoDate; satisfiedOn: IsoDate | null }[];
    insolvencies: { type: InsolvencyType; status: 'active' | 'discharged'; startedOn: IsoDate }[];
  };
  accounts: {
    type: AccountType;
    openedOn: IsoDate;
    closedOn: IsoDate | null;
    balancePence: Pence;
    monthlyPaymentPence: Pence;
    /** The latest month first. */
    statusHistory: AccountStatusCode[];
    defaultedOn: IsoDate | null;
    arrangement: boolean;
  }[];
  /** Searches of the last 90 days by others (a quotation search is included: the lender may see its own). */
  searches: { searchedOn: IsoDate; type: SearchType; industry: 'hcstc' | 'other' }[];
  modelledMonthlyIncomePence: Pence | null;
  reasonCodes: string[];
};

export type AgencyParticulars = {
  name: string;
  postalAddress: string[];
  phone: string;
  web: string;
};

/** A loan event we share (issue 47, 'Sharing what we lend'). */
export type SharedEvent =
  'opened' | 'payment' | 'missed' | 'arrangement' | 'default' | 'settled' | 'written-off' | 'withdrawn';

export type SharedRecord = {
  /** Ours and unique per event: the agency receives an eventId once however often it is sent. */
  eventId: string;
  /** The loan's account reference with us. */
  accountReference: string;
  event: SharedEvent;
  occurredOn: IsoDate;
  openedOn: IsoDate;
  originalAmountPence: Pence;
  /** The balance after the event, from the ledger. */
  balancePence: Pence;
  monthlyPaymentPence: Pence;
  /** Months in arrears after the event (0-6), or D / S. */
  status: AccountStatusCode;
  arrangement: boolean;
  borrower: {
    firstName: string;
    lastName: string;
    birthDate: IsoDate;
    address: CraAddress;
  };
};

export type SubmitResult =
  | {
      outcome: 'receipt';
      receiptId: string;
      accepted: number;
      rejected: { eventId: string; reason: string }[];
    }
  | Unavailable;
