import type { stage3Schema } from '@lender/contract/calls/register-stages';
import { needsPreviousAddress } from '../../../components/form/home-fields';
import { needsEmploymentLength } from '../../../components/form/employment-fields';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { emptyAddress, type AddressValues } from '../../../components/address/address-fields';
import {
  expensesField,
  expenseValues,
  toExpenseAmounts,
  type ExpenseValues,
} from '../../../components/form/expense-fields';

/**
 * What the stage 3 form holds, nested as the payload is so that each message of the contract lands on
 * the field of the same path. Choices and typed text are strings as the inputs give them, the amounts
 * of money too (pounds a month, as typed).
 */
export type Stage3Values = {
  residentalStatusID: string;
  liveInAddressID: string;
  previousAddress: AddressValues;
  employmentDetail: {
    employmentTypeID: string;
    employmentLength: string;
    employmentIndustryID: string;
    employmentName: string;
  };
  finData: ExpenseValues & { loanPurposeID: string };
  maritalStatusID: string;
  confirmation: boolean;
};

export const stage3Defaults: Stage3Values = {
  residentalStatusID: '',
  liveInAddressID: '',
  previousAddress: emptyAddress,
  employmentDetail: {
    employmentTypeID: '',
    employmentLength: '',
    employmentIndustryID: '',
    employmentName: '',
  },
  finData: {
    ...expenseValues(),
    loanPurposeID: '',
  },
  maritalStatusID: '',
  confirmation: false,
};

export type Stage3Payload = z.input<typeof stage3Schema>;
/** The payload as the contract schema parsed it: what is sent. */
export type Stage3Parsed = z.output<typeof stage3Schema>;
export type Stage3FormApi = UseFormReturn<Stage3Values, unknown, Stage3Parsed>;

/** The 'at least 3 expenses' message has the expenses fieldset's name (components/form/expense-fields). */
export const EXPENSES_FIELD = expensesField('finData');
export const stage3FieldFor = (path: string) => (path === 'finData' ? EXPENSES_FIELD : path);

// Dictionary ids start at 1: the empty first choice is no id, and the schema gives its message.
const idOf = (v: string) => Number(v) || undefined;

export function toStage3Payload(v: Stage3Values): Stage3Payload {
  const e = v.employmentDetail;
  const { loanPurposeID, ...expenses } = v.finData;
  const length = e.employmentLength.trim();
  return {
    residentalStatusID: idOf(v.residentalStatusID) as number,
    liveInAddressID: idOf(v.liveInAddressID) as number,
    maritalStatusID: idOf(v.maritalStatusID) as number,
    employmentDetail: {
      employmentTypeID: idOf(e.employmentTypeID) as number,
      employmentIndustryID: idOf(e.employmentIndustryID) as number,
      employmentName: e.employmentName,
      // Not asked, so not sent; asked and empty is missing, which the schema words.
      employmentLength: needsEmploymentLength(e.employmentTypeID) && length !== '' ? Number(length) : null,
    },
    finData: { ...toExpenseAmounts(expenses), loanPurposeID: idOf(loanPurposeID) as number },
    previousAddress: needsPreviousAddress(v.liveInAddressID) ? v.previousAddress : null,
    confirmation: v.confirmation,
  };
}
