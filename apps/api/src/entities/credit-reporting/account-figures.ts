import { craAddress } from '../../lib/credit-reference/cra-address';
import type { IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import type { Selectable } from 'kysely';
import type {
  AccountStatusCode,
  CraAddress,
  SharedRecord,
} from '../../lib/credit-reference/credit-reference-agency';
import type { CustomerTable } from '../customers/customer-tables';
import { instalmentStates, positionOf } from '../loans/ledger';
import type { LoanBook } from '../loans/loan-repository';

/** The most months in arrears the agencies' status codes count (CAIS: 0-6). */
const MOST_MONTHS = 6;

/**
 * Our account reference for the agency: at most 20 characters (the monthly layout's field), the same
 * for a loan in every record and every month. The application's id, not its guid (36 characters).
 */
export const accountReferenceOf = (applicationId: number) => `KL${String(applicationId).padStart(10, '0')}`;

/** The customer's columns a record names the borrower by. */
export type BorrowerRow = Pick<
  Selectable<CustomerTable>,
  | 'first_name'
  | 'last_name'
  | 'birth_date'
  | 'flat_no'
  | 'building'
  | 'house_number'
  | 'street'
  | 'town'
  | 'post_code'
>;

export const BORROWER_COLUMNS = [
  'customers.first_name',
  'customers.last_name',
  'customers.birth_date',
  'customers.flat_no',
  'customers.building',
  'customers.house_number',
  'customers.street',
  'customers.town',
  'customers.post_code',
] as const;

/** The home address as the agency reads it: the flat or building on line 1 where there is one. */
/** The borrower's home as the agency's protocol spells it (one mapping with the searches'). */
export const craAddressOf = (c: BorrowerRow): CraAddress =>
  craAddress({
    flatNo: c.flat_no ?? '',
    building: c.building ?? '',
    houseNumber: c.house_number ?? '',
    street: c.street ?? '',
    town: c.town ?? '',
    postCode: c.post_code,
  });

export const borrowerOf = (c: BorrowerRow): SharedRecord['borrower'] => ({
  firstName: c.first_name,
  lastName: c.last_name,
  birthDate: c.birth_date,
  address: craAddressOf(c),
});

/** An account's figures on a day, from the ledger and the loan's dates: what a record and a monthly line say. */
export type AccountFigures = {
  openedOn: IsoDate;
  originalAmountPence: Pence;
  /** What was owed at the end of `date` (never below 0: a credit is not a balance). */
  balancePence: Pence;
  monthlyPaymentPence: Pence;
  status: AccountStatusCode;
  arrangement: boolean;
  defaultedOn: IsoDate | null;
  closedOn: IsoDate | null;
};

/**
 * The account at the end of `date`: `D` once defaulted (even when later paid or written off), else `S`
 * once settled (or its withdrawal repaid),
 * else the number of instalments due by then and unpaid (0-6); the arrangement flag while the newest
 * plan by then is a forbearance plan (docs/decisions/025). No payment is asked of a closed or
 * defaulted account, so its monthly payment is 0; otherwise the current schedule's first instalment.
 */
export function accountFiguresOn(book: LoanBook, date: IsoDate): AccountFigures {
  const { loan, terms } = book;
  const position = positionOf(terms, book.rows, date);
  const defaultedOn = loan.defaulted_on && loan.defaulted_on <= date ? loan.defaulted_on : null;
  const closedOn = loan.settled_on && loan.settled_on <= date ? loan.settled_on : null;
  let status: AccountStatusCode;
  // A default stays on the file as one (CAIS keeps it six years from its date): paid or written off
  // later, it is a satisfied default (D, balance 0, with the date it closed), never a plain settlement.
  if (defaultedOn) status = 'D';
  else if (closedOn) status = 'S';
  else {
    const unpaid = instalmentStates(terms, position).filter((i) => i.dueDate <= date && !i.isPaid).length;
    status = String(Math.min(MOST_MONTHS, unpaid)) as AccountStatusCode;
  }
  const plan = book.plans.filter((p) => p.created_on <= date).at(-1);
  return {
    openedOn: loan.funded_on ?? loan.priced_on,
    originalAmountPence: loan.principal_pence,
    balancePence: Math.max(0, position.totalDuePence),
    monthlyPaymentPence: closedOn || defaultedOn ? 0 : (terms.instalments[0]?.paymentPence ?? 0),
    status,
    arrangement: !closedOn && plan?.kind === 'forbearance',
    defaultedOn,
    closedOn,
  };
}
