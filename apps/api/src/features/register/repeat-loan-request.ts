import { DEFAULT_COUNTRY, EXPENSE_LIMITS, type ExpenseKey } from '@lender/contract/constants';
import type { IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import type { Refusal } from '@lender/contract/refusals';
import type { StoredAddress } from '../../entities/addresses/stored-address';
import type { AffordabilityDetails } from '../../entities/affordability/affordability-repository';
import type { LoanTerms } from '../../entities/applications/loan-terms';
import type { Housing } from '../../entities/customers/customer-repository';
import { requestHash } from '../../lib/idempotency-key';

/** A repeat loan as the service takes it: the route's one mapping of the payload's names, pounds as pence. */
export type RepeatLoanRequest = {
  customerId: number;
  idempotencyKey: string;
  terms: LoanTerms;
  netMonthlyIncomePence: Pence;
  housing: Housing;
  /** Absent: the last application's answer is kept. */
  maritalStatusId: number | null;
  affordability: Omit<AffordabilityDetails, 'maritalStatusId' | 'residentialStatusId' | 'livedInAddressId'>;
  currentAddress: StoredAddress;
  /** Null: the bank account the last loan was paid into. */
  bank: { sortCode: string; accountNumber: string } | null;
  card:
    | { kind: 'file' }
    | { kind: 'new'; pKey: string; trxId: string; fingerprinted: boolean; billing: StoredAddress | null };
};

import type { DeclinedAnswer } from '@lender/contract/calls/credit-reference';

export type RepeatLoanOutcome =
  | { kind: 'esignSent'; guid: string }
  | { kind: 'challenge'; redirectUrl: string }
  /** Stored in cardDeclined: stage 2 takes it on (spec section 8, errorID 211). */
  | { kind: 'cardDeclined'; guid: string; message: string }
  /** `answer` names the credit reference agency when its information counted (s157). */
  | { kind: 'declined'; answer: DeclinedAnswer }
  | { kind: 'refused'; refusal: Refusal }
  | { kind: 'invalid'; fields: Record<string, string> };

export const EXPENSE_KEYS = Object.keys(EXPENSE_LIMITS) as ExpenseKey[];

/** A stored address as the form's address block holds it: typed in (manual), in the United Kingdom. */
export const prefillAddress = (a: StoredAddress) => ({
  autoAddress: false,
  postCode: a.postCode,
  county: a.county,
  town: a.town,
  street: a.street,
  building: a.building,
  houseNumber: a.houseNumber,
  flatNo: a.flatNo,
  address: a.addressStr,
  country: DEFAULT_COUNTRY,
});

/** A card is good to the end of its expiry month (its month is 1 to 12, as the provider gives it). */
export const cardValidIn = (card: { exp_month: number; exp_year: number }, today: IsoDate) =>
  card.exp_year * 12 + card.exp_month >= Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7));

/** What a request asked, so that its key sent again with other details is refused, not replayed. */
export const hashOf = ({ idempotencyKey: _key, ...request }: RepeatLoanRequest) => requestHash(request);

export type Decision = { kind: string; reason: string };
