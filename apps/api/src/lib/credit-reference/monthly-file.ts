import type { IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import type { AccountStatusCode } from './credit-reference-agency';

/**
 * The month's snapshot of every account in the fixed-width layout of docs/credit-reference-protocol.md
 * (modelled on CAIS/Insight): a header, one 200-character line per account, a trailer with the count
 * and the sum of the balances.
 */

export const LINE_WIDTH = 200;
/** Our member number with the agency (the sandbox's). */
export const MEMBER_NUMBER = 'LENDER0001';

export type MonthlyAccount = {
  accountReference: string;
  openedOn: IsoDate;
  originalAmountPence: Pence;
  balancePence: Pence;
  monthlyPaymentPence: Pence;
  status: AccountStatusCode;
  arrangement: boolean;
  defaultedOn: IsoDate | null;
  closedOn: IsoDate | null;
  surname: string;
  forename: string;
  birthDate: IsoDate;
  addressLine1: string;
  town: string;
  postcode: string;
};

/** Upper-case ASCII: accents dropped (É -> E), anything else outside printable ASCII a space. */
const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, ' ')
    .toUpperCase();

const text = (s: string, width: number) => ascii(s).slice(0, width).padEnd(width, ' ');
const number = (n: number, width: number) => String(Math.trunc(n)).padStart(width, '0').slice(-width);
/** `YYYYMMDD`, or spaces when absent. */
const date = (d: IsoDate | null) => (d ? d.replaceAll('-', '') : '').padEnd(8, ' ');

export function monthlyFile(month: string, madeOn: IsoDate, accounts: readonly MonthlyAccount[]): string {
  const header = `H${text(MEMBER_NUMBER, 10)}${month.replace('-', '')}${date(madeOn)}`.padEnd(
    LINE_WIDTH,
    ' ',
  );
  const lines = accounts.map((a) =>
    [
      'A',
      text(a.accountReference, 20),
      date(a.openedOn),
      number(a.originalAmountPence, 10),
      number(a.balancePence, 10),
      number(a.monthlyPaymentPence, 10),
      a.status,
      a.arrangement ? 'Y' : 'N',
      date(a.defaultedOn),
      date(a.closedOn),
      text(a.surname, 30),
      text(a.forename, 30),
      date(a.birthDate),
      text(a.addressLine1, 30),
      text(a.town, 17),
      text(a.postcode, 8),
    ].join(''),
  );
  const sum = accounts.reduce((total, a) => total + a.balancePence, 0);
  const trailer = `T${number(accounts.length, 8)}${number(sum, 14)}`.padEnd(LINE_WIDTH, ' ');
  return [header, ...lines, trailer].map((l) => `${l}\n`).join('');
}
