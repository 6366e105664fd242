import { addDays, type IsoDate } from '@lender/contract/dates';
import type { BankAccountRead } from '../../lib/open-banking/account-information';
import { gigAccounts, stressedAccounts } from './stretched-customers';
import {
  account,
  card,
  everyDays,
  monthlyDates,
  monthlyDebit,
  statementStart,
  vary,
  weeklyDates,
  type Entry,
} from './statement-builder';

/** The sandbox bank's customers (issue 49: names others will rely on). */
export const SANDBOX_BANK_CUSTOMERS = ['salaried', 'gig', 'stressed', 'empty'] as const;
export type SandboxBankCustomer = (typeof SANDBOX_BANK_CUSTOMERS)[number];

/**
 * A customer's accounts and their 90 days of transactions up to `today` (the business date), the same
 * for the same customer and date. Regular payments follow the calendar (a salary on the 28th); the
 * figures issue 49 names (income, rent, lenders, returned debits, the gambling share) come out the same
 * whatever the date, so other tests can rely on them on any business date.
 */
export function sandboxAccounts(customer: SandboxBankCustomer, today: IsoDate): BankAccountRead[] {
  switch (customer) {
    case 'salaried':
      return salariedAccounts(today);
    case 'gig':
      return gigAccounts(today);
    case 'stressed':
      return stressedAccounts(today);
    case 'empty':
      // Opened last week and nothing paid in or out yet.
      return [account('empty', 'current', 'CurrentAccount', 0, [])];
  }
}

/**
 * `salaried`: £2,400 from ACME LTD on the 28th (the working day before when it falls on a weekend or bank
 * holiday), rent £750 by standing order to the landlord, council tax and utilities by direct debit, a
 * credit card, groceries by card; £200 to their own savings each payday and some of it back once; a
 * shop's refund, a one-off gift and the savings interest, none of which is income.
 */
function salariedAccounts(today: IsoDate): BankAccountRead[] {
  const current: Entry[] = [];
  const savings: Entry[] = [];
  const paydays = monthlyDates(today, 28, 'before');
  for (const on of paydays) {
    current.push({ on, pence: 240_000, code: 'BGC', text: 'ACME LTD SALARY', party: 'ACME LTD' });
    const next = addDays(on, 1);
    if (next <= today) {
      current.push({ on: next, pence: -20_000, code: 'TFR', text: 'TO SAVINGS 40112233' });
      savings.push({ on: next, pence: 20_000, code: 'TFR', text: 'FROM CURRENT 40998877' });
    }
  }
  current.push(
    ...monthlyDebit(today, 1, 'SO', 75_000, 'MR J PATEL RENT FLAT 2', 'MR J PATEL'),
    ...monthlyDebit(today, 15, 'DD', 14_200, 'LB HACKNEY COUNCIL TAX', 'LONDON BOROUGH OF HACKNEY'),
    ...monthlyDebit(today, 5, 'DD', 8_600, 'BRITISH GAS', 'BRITISH GAS SERVICES LTD'),
    ...monthlyDebit(today, 10, 'DD', 3_850, 'THAMES WATER', 'THAMES WATER UTILITIES'),
    ...monthlyDebit(today, 18, 'DD', 3_500, 'BT GROUP PLC', 'BT GROUP PLC'),
    ...monthlyDebit(today, 22, 'DD', 2_200, 'VODAFONE LTD', 'VODAFONE LTD'),
    ...monthlyDebit(today, 20, 'DD', 5_000, 'BARCLAYCARD', 'BARCLAYCARD'),
  );
  for (const on of weeklyDates(today, 6)) {
    current.push(
      card(on, vary(`salaried-tesco-${on}`, 5_500, 9_500), 'TESCO STORES', '5411', 'TESCO STORES 2931'),
    );
  }
  for (const on of weeklyDates(today, 3)) {
    current.push(card(on, vary(`salaried-sains-${on}`, 1_800, 3_500), 'SAINSBURYS S/MKTS', '5411'));
  }
  for (const on of weeklyDates(today, 1)) {
    current.push(card(on, vary(`salaried-tfl-${on}`, 1_500, 2_800), 'TFL TRAVEL CH', '4111'));
  }
  for (const on of everyDays(today, -86, 9)) {
    current.push(card(on, vary(`salaried-pret-${on}`, 450, 900), 'PRET A MANGER', '5814'));
  }
  const start = statementStart(today);
  current.push(
    card(start, 385, 'GREGGS', '5814', 'GREGGS 1187'),
    card(addDays(today, -37), 2_499, 'AMAZON.CO.UK', '5999', 'AMAZON.CO.UK*2K4LQ'),
    {
      on: addDays(today, -33),
      pence: 2_499,
      code: 'DEB',
      text: 'AMAZON.CO.UK REFUND',
      merchant: 'AMAZON.CO.UK',
      mcc: '5999',
    },
    { on: addDays(today, -50), pence: 5_000, code: 'FPI', text: 'M SMITH BIRTHDAY', party: 'M SMITH' },
    { on: addDays(today, -12), pence: -2_850, code: 'FPO', text: 'S JONES DINNER', party: 'S JONES' },
    { on: addDays(today, -40), pence: 15_000, code: 'TFR', text: 'FROM SAVINGS 40112233' },
    {
      on: today,
      pence: -1_250,
      code: 'DEB',
      text: 'PRET A MANGER',
      merchant: 'PRET A MANGER',
      mcc: '5814',
      pending: true,
    },
  );
  savings.push({ on: addDays(today, -40), pence: -15_000, code: 'TFR', text: 'TO CURRENT 40998877' });
  for (const on of monthlyDates(today, 31, 'none')) {
    savings.push({
      on,
      pence: vary(`salaried-interest-${on}`, 380, 460),
      code: 'INT',
      text: 'CREDIT INTEREST',
    });
  }
  return [
    account('salaried', 'current', 'CurrentAccount', 185_000, current),
    account('salaried', 'savings', 'Savings', 250_000, savings),
  ];
}
