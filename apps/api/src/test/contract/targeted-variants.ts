import type { CallName } from '@lender/contract/api-calls';
import { addDays, londonToday, weekday } from '@lender/contract/dates';
import { setting, type Variant } from './variants';

const past = () => addDays(londonToday(), -30);
const farAhead = () => addDays(londonToday(), 400);
const nextSaturday = () => {
  let date = addDays(londonToday(), 8);
  while (weekday(date) !== 6) date = addDays(date, 1);
  return date;
};

/** The repayment-date window and an impossible date, for a field of that meaning. */
const dateWindow = (field: string): Variant[] => [
  setting(`${field} in the past`, { [field]: past() }),
  setting(`${field} over a year ahead`, { [field]: farAhead() }),
  setting(`${field} on a Saturday`, { [field]: nextSaturday() }),
  setting(`${field} not a date`, { [field]: '2030-02-30' }),
];
const expiry = (at: string): Variant[] => [
  setting('endMonth 12 (months are 0 to 11)', { [`${at}.endMonth`]: 12 }),
  setting('endYear in the past', { [`${at}.endYear`]: 2001 }),
];
const card = (at: string): Variant[] => [
  ...expiry(at),
  setting('cardNumber failing the Luhn check', { [`${at}.cardNumber`]: '4111111111111112' }),
  setting('securityCode of letters', { [`${at}.securityCode`]: 'abc' }),
];
/** A manual address (autoAddress false) missing what a deliverable one needs. */
const manualAddress = (at: string): Variant[] => {
  const key = (field: string) => (at ? `${at}.${field}` : field);
  return [
    setting('manual address without street', { [key('autoAddress')]: false, [key('street')]: null }),
    setting('manual address without town', { [key('autoAddress')]: false, [key('town')]: null }),
    setting('manual address without flatNo, building or houseNumber', {
      [key('autoAddress')]: false,
      [key('flatNo')]: null,
      [key('building')]: null,
      [key('houseNumber')]: null,
    }),
    setting('postCode in lower case', { [key('postCode')]: 'sw1a 2aa' }),
    setting('postCode not a postcode', { [key('postCode')]: 'ABC' }),
  ];
};
const wageFrequency = (field: string) => setting(`${field} 999 (no such frequency)`, { [field]: 999 });

/**
 * Values of the right type and shape that a rule of the server refuses (or a lenient rule accepts), which
 * deriving from the document's schema cannot guess: the cases an integrator meets first. Made when a test runs, not when the file is collected: the dates count from the business date this
 * test's app installs, not the one another file in the same worker left behind (isolate: false).
 */
export const targetedVariants = (): Partial<Record<CallName, Variant[]>> => ({
  getDictionaries: [
    setting('params null', { 'queries.1.params': null }),
    setting('an unknown dictionary key', { 'queries.0.key': 'noSuchDictionary' }),
    setting('an unknown dictionary number', { 'queries.0.key': 999 }),
  ],
  submitStage1: [
    ...manualAddress(''),
    ...dateWindow('nextPayDate'),
    wageFrequency('frequencyCategory'),
    setting('dob not a date', { dob: '1990-02-30' }),
    setting('dob in the future', { dob: farAhead() }),
    setting('mobile not a UK mobile', { mobile: '12345' }),
    setting('mobile with spaces', { mobile: '07123 456 789' }),
    setting('titleId 999 (no such title)', { titleId: 999 }),
    setting('duration 4 for productId 4 (one instalment)', { productId: 4, duration: 4 }),
    setting('email in capitals', { email: 'JANE.DOE@EXAMPLE.COM' }),
    setting('firstName only spaces', { firstName: '   ' }),
    setting('country another country', { country: 'France' }),
  ],
  calculateQuote: [...dateWindow('repaymentDate'), wageFrequency('wageFrequencyID')],
  acceptQuote: [...dateWindow('repaymentDate'), wageFrequency('wageFrequencyID')],
  submitLandedLead: [
    ...dateWindow('repaymentDate'),
    wageFrequency('wageFrequencyID'),
    ...expiry('creditCard'),
    // The number goes to the card provider only (docs/decisions/014): refused by both, not dropped.
    setting('creditCard with its number', { 'creditCard.cardNumber': '4111111111111111' }),
  ],
  submitStage2: [
    ...expiry('creditCard'),
    // The number goes to the card provider only (docs/decisions/014): refused by both, not dropped.
    setting('creditCard with its number', { 'creditCard.cardNumber': '4111111111111111' }),
  ],
  addCreditCard: card('creditCard'),
  repeatLoan: [
    ...dateWindow('repaymentDate'),
    ...expiry('creditCard.creditCard'),
    setting('creditCard with its number', { 'creditCard.creditCard.cardNumber': '4111111111111111' }),
    setting('amount 250 (not one of the options)', { amount: 250 }),
    ...manualAddress('currentAddress'),
    setting('person.mobile not a UK mobile', { 'person.mobile': '12345' }),
  ],
  changeAddress: manualAddress('address'),
  changeMobile: [
    { name: 'body not a UK mobile', change: () => '12345' },
    { name: 'body with spaces', change: () => '07123 456 789' },
  ],
  addressFind: [setting('postCode in lower case', { postCode: 'sw1a 2aa' })],
  leadGetQuote: [
    ...dateWindow('repaymentDate'),
    setting('wageFrequencyID 999 (no such frequency)', { wageFrequencyID: '999' }),
  ],
});
