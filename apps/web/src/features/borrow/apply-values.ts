import { needsPreviousAddress } from '../../components/form/home-fields';
import { needsEmploymentLength } from '../../components/form/employment-fields';
import {
  DEFAULT_COUNTRY,
  REPEAT_LOAN_DEFAULT_AMOUNT,
  REPEAT_LOAN_DEFAULT_INSTALMENTS,
} from '@lender/contract/constants';
import type { repeatLoanFormSchema } from '@lender/contract/calls/repeat-loan';
import type { z } from 'zod';
import { emptyAddress, type AddressValues } from '../../components/address/address-fields';
import {
  cardFieldFor,
  emptyCard,
  toCreditCardInput,
  type CardValues,
} from '../../components/card/card-values';
import {
  expensesField,
  expenseValues,
  toExpenseAmounts,
  type ExpenseValues,
} from '../../components/form/expense-fields';
import type { RepeatLoanPrefill } from './repeat-loan';

export type Choice = 'file' | 'new';

/**
 * What the repeat-loan form holds, nested as the payload is (spec section 3's repeat-loan model) so that
 * each message of the contract lands on its field; choices, typed text and typed amounts as strings.
 * The card and its billing address sit at the top (`card`, `isHomeAddress`, `address`) as the shared
 * card blocks expect.
 */
export type ApplyValues = {
  amount: string;
  wageFrequencyID: string;
  duration: string;
  repaymentDate: string;
  netPay: string;
  financialData: ExpenseValues & { loanPurposeID: string };
  employmentDetail: {
    employmentTypeID: string;
    employmentLength: string;
    employmentIndustryID: string;
    employmentName: string;
  };
  currentAddress: AddressValues;
  residentalStatusID: string;
  livedInAddressID: string;
  previousAddress: AddressValues;
  maritalStatusID: string;
  bankChoice: Choice;
  bankDetails: { sortCode: string; bankAccountNumber: string };
  cardChoice: Choice;
  card: CardValues;
  isHomeAddress: boolean;
  address: AddressValues;
  mobile: string;
  email: string;
  birthDate: string;
};

export type ApplyPayload = z.input<typeof repeatLoanFormSchema>;
export type ApplyParsed = z.output<typeof repeatLoanFormSchema>;

const text = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

const addressOf = (a: RepeatLoanPrefill['currentAddress'] | null): AddressValues =>
  a
    ? {
        autoAddress: a.autoAddress,
        postCode: a.postCode,
        county: a.county,
        town: a.town,
        street: a.street,
        building: a.building,
        houseNumber: a.houseNumber,
        flatNo: a.flatNo,
        address: a.address,
      }
    : emptyAddress;

/** The form as GetRepeatLoan fills it; the loan's own figures start at the spec's defaults. */
export function applyDefaults(p: RepeatLoanPrefill): ApplyValues {
  const fin = p.financialData;
  const e = p.employmentDetail;
  return {
    amount: String(REPEAT_LOAN_DEFAULT_AMOUNT),
    wageFrequencyID: text(p.wageFrequencyID),
    duration: String(REPEAT_LOAN_DEFAULT_INSTALMENTS),
    repaymentDate: '',
    netPay: text(p.netPay),
    financialData: {
      ...expenseValues(fin),
      loanPurposeID: text(fin?.loanPurposeID),
    },
    employmentDetail: {
      employmentTypeID: text(e?.employmentTypeID),
      employmentLength: text(e?.employmentLength),
      employmentIndustryID: text(e?.employmentIndustryID),
      employmentName: e?.employmentName ?? '',
    },
    currentAddress: addressOf(p.currentAddress),
    residentalStatusID: text(p.residentalStatusID),
    livedInAddressID: text(p.livedInAddressID),
    previousAddress: addressOf(p.previousAddress),
    maritalStatusID: text(p.maritalStatusID),
    bankChoice: p.bankOnFile ? 'file' : 'new',
    bankDetails: { sortCode: '', bankAccountNumber: '' },
    cardChoice: p.cardOnFile?.usable ? 'file' : 'new',
    card: emptyCard,
    isHomeAddress: true,
    address: emptyAddress,
    mobile: p.person.mobile,
    email: p.person.email,
    birthDate: p.person.birthDate,
  };
}

// Dictionary ids start at 1: the empty first choice is no id, and the schema gives its message.
const idOf = (v: string) => (Number(v) || undefined) as number;
const numberOf = (v: string) => (v.trim() === '' ? undefined : Number(v)) as number;

/** The values as the contract's repeatLoanFormSchema reads them. */
export function toApplyPayload(v: ApplyValues): ApplyPayload {
  const e = v.employmentDetail;
  const { loanPurposeID, ...expenses } = v.financialData;
  const length = e.employmentLength.trim();
  const newCard = v.cardChoice === 'new';
  return {
    amount: numberOf(v.amount),
    duration: numberOf(v.duration),
    wageFrequencyID: idOf(v.wageFrequencyID),
    repaymentDate: v.repaymentDate,
    netPay: numberOf(v.netPay),
    livedInAddressID: idOf(v.livedInAddressID),
    residentalStatusID: idOf(v.residentalStatusID),
    maritalStatusID: idOf(v.maritalStatusID),
    person: { mobile: v.mobile, email: v.email, birthDate: v.birthDate || null },
    financialData: { ...toExpenseAmounts(expenses), loanPurposeID: idOf(loanPurposeID) },
    bankDetails: v.bankChoice === 'file' ? null : v.bankDetails,
    employmentDetail: {
      employmentTypeID: idOf(e.employmentTypeID),
      employmentIndustryID: idOf(e.employmentIndustryID),
      employmentName: e.employmentName,
      employmentLength: needsEmploymentLength(e.employmentTypeID) && length !== '' ? Number(length) : null,
    },
    currentAddress: { ...v.currentAddress, country: DEFAULT_COUNTRY },
    previousAddress: needsPreviousAddress(v.livedInAddressID)
      ? { ...v.previousAddress, country: DEFAULT_COUNTRY }
      : null,
    useExistingCard: !newCard,
    creditCard: newCard
      ? {
          creditCard: toCreditCardInput(v.card),
          // Null when the card's address is the home address, as at stage 2.
          address: v.isHomeAddress ? null : { ...v.address, country: DEFAULT_COUNTRY, isHomeAddress: false },
        }
      : null,
  };
}

const cardField = cardFieldFor('card');

/** The payload's paths as the form's fields: the card block sits at the top, the person's contacts too. */
export function applyFieldFor(path: string): string {
  if (path === 'financialData') return expensesField('financialData');
  if (path.startsWith('creditCard.creditCard.')) return cardField(`card.${path.slice(22)}`);
  if (path === 'creditCard.creditCard' || path === 'creditCard') return 'card.cardNumber';
  if (path.startsWith('creditCard.address.')) return `address.${path.slice(19)}`;
  if (path === 'person.mobile') return 'mobile';
  if (path === 'person.email') return 'email';
  if (path === 'useExistingCard') return 'cardChoice';
  return path;
}
