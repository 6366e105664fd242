import type { Stage1Payload, stage1Schema } from '@lender/contract/calls/register';
import { DEPENDANTS, instalmentsFor, MAX_AMOUNT, MIN_AMOUNT, ProductId } from '@lender/contract/constants';
import { parseWholePounds } from '@lender/contract/money';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { emptyAddress, type AddressValues } from '../../../components/address/address-fields';

/** What the stage1 form holds: strings as the inputs give them, turned into the payload on submit. */
export type Stage1Values = AddressValues & {
  titleId: string;
  firstName: string;
  lastName: string;
  dobDay: string;
  dobMonth: string;
  dobYear: string;
  email: string;
  isResident: boolean;
  mobile: string;
  monthlynetPay: string;
  numDependents: number;
  frequencyCategory: string;
  nextPayDate: string;
  newsFromUs: boolean;
  confirmation: boolean;
};

export const stage1Defaults: Stage1Values = {
  ...emptyAddress,
  titleId: '',
  firstName: '',
  lastName: '',
  dobDay: '',
  dobMonth: '',
  dobYear: '',
  email: '',
  isResident: true,
  mobile: '',
  monthlynetPay: '',
  numDependents: DEPENDANTS.default,
  frequencyCategory: '',
  nextPayDate: '',
  newsFromUs: false,
  confirmation: false,
};

/** The payload as the contract schema parsed it: what is sent. */
export type Stage1Parsed = z.output<typeof stage1Schema>;
export type Stage1FormApi = UseFormReturn<Stage1Values, unknown, Stage1Parsed>;

export type LoanChoice = {
  productId: (typeof ProductId)[keyof typeof ProductId];
  amount: number;
  duration: number;
};
export type Tracking = { source: string | null; campaign: string | null; tierName: string | null };

const num = (v: string) => (v.trim() === '' ? undefined : Number(v));
const pad = (v: string) => v.padStart(2, '0');

export function toStage1Payload(v: Stage1Values, loan: LoanChoice, tracking: Tracking): Stage1Payload {
  const dob = v.dobDay && v.dobMonth && v.dobYear ? `${v.dobYear}-${pad(v.dobMonth)}-${pad(v.dobDay)}` : '';
  return {
    ...loan,
    ...tracking,
    titleId: num(v.titleId) as number,
    firstName: v.firstName,
    lastName: v.lastName,
    dob,
    email: v.email,
    isResident: v.isResident,
    autoAddress: v.autoAddress,
    postCode: v.postCode,
    county: v.county,
    town: v.town,
    street: v.street,
    building: v.building,
    houseNumber: v.houseNumber,
    flatNo: v.flatNo,
    address: v.address,
    country: 'United Kingdom',
    mobile: v.mobile,
    monthlynetPay: parseWholePounds(v.monthlynetPay) as number,
    numDependents: v.numDependents,
    frequencyCategory: num(v.frequencyCategory) as number,
    nextPayDate: v.nextPayDate,
    newsFromUs: v.newsFromUs,
    confirmation: v.confirmation,
  };
}

/** Payload paths that belong to another form field. */
export const stage1FieldFor = (path: string) => (path === 'dob' ? 'dobDay' : path);

/**
 * The loan chosen on the home page, from the query; null sends the visitor back home (spec: stage1
 * without a loan goes home). A combination the products do not sell (`?months=1&product=11`) is treated
 * like a missing one: the form has no field to correct it on.
 */
export function loanFromQuery(params: URLSearchParams): LoanChoice | null {
  const amount = Number(params.get('amount'));
  const duration = Number(params.get('months'));
  const productId = Number(params.get('product'));
  if (productId !== ProductId.shortTerm && productId !== ProductId.longTerm) return null;
  if (!Number.isInteger(amount) || amount < MIN_AMOUNT || amount > MAX_AMOUNT) return null;
  if (!instalmentsFor(productId).includes(duration)) return null;
  return { productId, amount, duration };
}
