import type { IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import { buildQuote, type QuoteResult } from '@lender/contract/pricing/quote';
import type {
  CreditReferenceAgency,
  SearchType,
} from '../../../lib/credit-reference/credit-reference-agency';
import type { StoredAddress } from '../../addresses/stored-address';
import type { EntityRepositories } from '../../unit-of-work';
import type { LoanTerms } from '../loan-terms';
import type { BorrowingHistory } from './borrowing-history';
import type { VerifiedFigures } from '../../open-banking/verified-figures';

/** Where an application came from: each is decided by the same list of checks. */
export type Channel = 'new' | 'repeat' | 'partner';

/** What an application is decided on, gathered by its caller before any check runs. */
export type ApplicationFacts = {
  channel: Channel;
  /** The date the rules read as today. */
  today: IsoDate;
  /** Personal data: a check reads it, a finding never carries it. */
  applicant: {
    email: string;
    mobile: string;
    birthDate: IsoDate;
    isResident: boolean;
    firstName: string;
    lastName: string;
    address: StoredAddress;
  };
  /** The application decided: its guid (a search's consent reference) and its customer, once stored. */
  application: { guid: string; customerId: number | null };
  /** The search of the credit file this decision may make: soft before a quote, hard before an agreement. */
  creditSearch: SearchType;
  terms: LoanTerms;
  dailyRate: number;
  /** The loan as the pricing engine prices it today at these terms and rate. */
  quote: QuoteResult;
  netMonthlyIncomePence: Pence;
  /** The declared monthly expenses when the applicant gave them (a repeat loan, a lead with stage 3). */
  expensesPence: Pence | null;
  /**
   * Of those, the declared credit commitments: the credit file's replace them when higher (issue 47).
   * Null when no expenses were declared.
   */
  declaredCommitmentsPence: Pence | null;
  /** The customer's borrowing with us in the last 12 months: known for a repeat loan only. */
  history: BorrowingHistory | null;
  /**
   * What the applicant's own bank showed (issue 49), when they connected it before this decision, with
   * the consent it was read under; the income and expenses above already take its lower income and
   * higher spending (bank-statement-rules.ts `withVerifiedFigures`).
   */
  statement: { figures: VerifiedFigures; consentReference: string } | null;
};

/** The monthly expenses an applicant declared, and the credit commitments among them. */
export type DeclaredExpenses = { totalPence: Pence; creditCommitmentsPence: Pence };

/** A new applicant as stage 1 and a partner's lead give them: the facts priced today at their rate. */
export type NewApplicant = {
  customer: {
    email: string;
    mobile: string;
    birthDate: IsoDate;
    firstName: string;
    lastName: string;
    address: StoredAddress;
  };
  isResident: boolean;
  terms: LoanTerms;
  netMonthlyIncomePence: Pence;
};

/**
 * The facts of a new application (stage 1, a partner's lead): one mapping, so a check reads the same
 * facts whichever door the applicant came in by; the quote is the pricing engine's for today.
 */
export const newApplicantFacts = (
  channel: Exclude<Channel, 'repeat'>,
  a: NewApplicant,
  dailyRate: number,
  today: IsoDate,
  expenses: DeclaredExpenses | null,
  application: ApplicationFacts['application'],
  creditSearch: SearchType,
): ApplicationFacts => ({
  channel,
  today,
  applicant: {
    email: a.customer.email,
    mobile: a.customer.mobile,
    birthDate: a.customer.birthDate,
    isResident: a.isResident,
    firstName: a.customer.firstName,
    lastName: a.customer.lastName,
    address: a.customer.address,
  },
  application,
  creditSearch,
  terms: a.terms,
  dailyRate,
  quote: buildQuote({ ...a.terms, dailyRate, today }),
  netMonthlyIncomePence: a.netMonthlyIncomePence,
  expensesPence: expenses?.totalPence ?? null,
  declaredCommitmentsPence: expenses?.creditCommitmentsPence ?? null,
  history: null,
  statement: null,
});

/**
 * What checks may consult besides the facts: our own records, and the outside services as ports with an
 * HTTP adapter and a local sandbox (the credit reference agency; open banking next), so a check that
 * needs one receives it rather than building it.
 */
export type DecisionServices = {
  records: Pick<EntityRepositories, 'customers' | 'applications' | 'creditSearches'>;
  creditReference: CreditReferenceAgency;
};

export type Outcome = 'pass' | 'decline' | 'refer';

/** Figures and codes only: a finding is stored and read by staff and reports, never a person's details. */
export type FindingDetails = Record<string, string | number | boolean | null>;

export type Finding = {
  /** The check's name. */
  check: string;
  outcome: Outcome;
  /** Stable and short, for reports and for callers that answer by it (e.g. `applicationInProgress`). */
  reasonCode: string;
  details: FindingDetails;
  /** The finding in words for the decision record's reason, as the record has always kept them. */
  text: string;
};

/**
 * One named check. Async so that an outside service can answer it; it returns no finding when it does
 * not apply to the application (e.g. affordability without declared expenses).
 */
export type DecisionCheck = {
  name: string;
  /**
   * Whether the check's answer depends on the loan asked for (amount, period, price): such a check runs
   * again when the applicant changes the terms later (a partner's lead re-priced on its landing page);
   * one about the person alone (already ours, their history) does not.
   */
  readsTerms: boolean;
  run: (facts: ApplicationFacts, services: DecisionServices) => Promise<Finding[]>;
};
