import type { Stage1Payload } from '@lender/contract/calls/register';
import { addDays, londonToday } from '@lender/contract/dates';
import { nextWorkingDay } from '@lender/contract/pricing/bank-holidays';
import crypto from 'node:crypto';

/** The first working day at least `days` ahead, inside the stage1 window of 6 to 45 days. */
export const workingDayAhead = (days = 10) => nextWorkingDay(addDays(londonToday(), days));

/** A valid stage1 application of someone the first screen approves; override any field. */
export function createStage1Payload(overrides: Partial<Stage1Payload> = {}): Stage1Payload {
  const n = crypto.randomBytes(4).toString('hex');
  return {
    productId: 11,
    amount: 300,
    duration: 3,
    titleId: 2,
    firstName: 'Jane',
    lastName: 'Doe',
    dob: '1990-05-01',
    email: `jane.${n}@example.com`,
    isResident: true,
    autoAddress: true,
    postCode: 'SW1A 2AA',
    county: 'Greater London',
    town: 'London',
    street: 'Downing Street',
    building: '',
    houseNumber: '10',
    flatNo: '',
    address: '10 Downing Street, London, SW1A 2AA',
    country: 'United Kingdom',
    mobile: `07${String(crypto.randomInt(0, 1e9)).padStart(9, '0')}`,
    monthlynetPay: 2200,
    numDependents: 1,
    frequencyCategory: 9,
    nextPayDate: workingDayAhead(),
    newsFromUs: false,
    confirmation: true,
    source: 'google',
    campaign: 'winter',
    ...overrides,
  };
}
