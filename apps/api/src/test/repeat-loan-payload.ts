import { EXPENSE_LIMITS } from '@lender/contract/constants';
import { workingDayAhead } from './stage1-payload';

/** The repeat-loan model (spec section 3) of a customer whose circumstances are as at their first loan. */
export function repeatBody(c: { mobile: string; email: string }, overrides: Record<string, unknown> = {}) {
  return {
    amount: 150,
    duration: 3,
    wageFrequencyID: 9,
    repaymentDate: workingDayAhead(10),
    netPay: 2200,
    livedInAddressID: 5,
    residentalStatusID: 7,
    maritalStatusID: 1,
    person: { mobile: c.mobile, email: c.email, birthDate: '1990-05-01' },
    financialData: {
      ...Object.fromEntries(Object.keys(EXPENSE_LIMITS).map((k) => [k, 0])),
      rent: 600,
      food: 250,
      creditCommitment: 50,
      loanPurposeID: 1,
    },
    bankDetails: null,
    employmentDetail: {
      employmentTypeID: 1,
      employmentIndustryID: 10,
      employmentName: 'Acme Ltd',
      employmentLength: 36,
    },
    currentAddress: {
      autoAddress: false,
      postCode: 'SW1A 2AA',
      county: 'Greater London',
      town: 'London',
      street: 'Downing Street',
      building: '',
      houseNumber: '10',
      flatNo: '',
      address: '',
      country: 'United Kingdom',
    },
    previousAddress: null,
    useExistingCard: true,
    creditCard: null,
    ...overrides,
  };
}
