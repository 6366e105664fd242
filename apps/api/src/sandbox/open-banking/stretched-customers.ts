import { addDays, type IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import type { BankAccountRead } from '../../lib/open-banking/account-information';
import {
  account,
  card,
  everyDays,
  fortnightlyDates,
  monthlyDates,
  monthlyDebit,
  statementStart,
  vary,
  weeklyDates,
  type Entry,
} from './statement-builder';

/**
 * `gig`: Universal Credit of £850 on the 12th, Uber Eats paying weekly and Deliveroo fortnightly
 * (£120-£260 each), and spending close to all of it, so the account starts the 90 days overdrawn and dips
 * below zero again before the benefit arrives, with the overdraft's interest each month.
 */
export function gigAccounts(today: IsoDate): BankAccountRead[] {
  const lines: Entry[] = [];
  for (const on of monthlyDates(today, 12, 'before')) {
    lines.push({ on, pence: 85_000, code: 'BGC', text: 'DWP UC 6012345678', party: 'DWP UC' });
  }
  for (const on of weeklyDates(today, 2)) {
    const pence = vary(`gig-uber-${on}`, 12_000, 26_000);
    lines.push({ on, pence, code: 'FPI', text: 'UBER EATS PAYOUT', party: 'UBER EATS' });
  }
  for (const on of fortnightlyDates(today, 3)) {
    const pence = vary(`gig-deliveroo-${on}`, 12_000, 26_000);
    lines.push({ on, pence, code: 'FPI', text: 'DELIVEROO RIDER FEES', party: 'DELIVEROO' });
  }
  lines.push(
    ...monthlyDebit(today, 1, 'SO', 85_000, 'HAVEN HOUSING RENT', 'HAVEN HOUSING ASSOCIATION'),
    ...monthlyDebit(today, 1, 'DD', 12_500, 'LEEDS CITY COUNCIL CTAX', 'LEEDS CITY COUNCIL'),
    ...monthlyDebit(today, 7, 'DD', 7_500, 'OCTOPUS ENERGY', 'OCTOPUS ENERGY LTD'),
    ...monthlyDebit(today, 14, 'DD', 3_200, 'YORKSHIRE WATER', 'YORKSHIRE WATER SERVICES'),
    ...monthlyDebit(today, 19, 'DD', 2_500, 'EE LIMITED', 'EE LIMITED'),
    ...monthlyDebit(today, 23, 'DD', 3_000, 'SKY DIGITAL', 'SKY UK LIMITED'),
    ...monthlyDebit(today, 16, 'DD', 4_500, 'VANQUIS BANK', 'VANQUIS BANK LTD'),
    ...monthlyDebit(today, 8, 'DD', 3_500, 'KLARNA BANK AB', 'KLARNA BANK AB'),
    ...monthlyDebit(today, 20, 'DD', 8_500, 'ADMIRAL INSURANCE', 'ADMIRAL INSURANCE'),
  );
  for (const on of weeklyDates(today, 6)) {
    lines.push({ on, pence: -4_000, code: 'CPT', text: 'CASH NOTEMACHINE', party: 'NOTEMACHINE' });
  }
  for (const on of monthlyDates(today, 25, 'none')) {
    lines.push({ on, pence: -vary(`gig-od-${on}`, 600, 1_400), code: 'FEE', text: 'OVERDRAFT INTEREST' });
    lines.push({ on, pence: -300, code: 'CHG', text: 'MONTHLY ACCOUNT FEE' });
  }
  for (const on of weeklyDates(today, 5))
    lines.push(card(on, vary(`gig-aldi-${on}`, 5_000, 8_500), 'ALDI STORES', '5411'));
  for (const on of weeklyDates(today, 1))
    lines.push(card(on, vary(`gig-fuel-${on}`, 3_500, 6_000), 'SHELL', '5541', 'SHELL WAKEFIELD RD'));
  for (const on of weeklyDates(today, 4))
    lines.push(card(on, vary(`gig-mcd-${on}`, 700, 1_800), 'MCDONALDS', '5814'));
  lines.push(card(statementStart(today), 1_250, 'TESCO EXPRESS', '5411'));
  return [account('gig', 'current', 'CurrentAccount', -30_000, lines)];
}

/** Bets of £855 in all over the 90 days: about 15% of a £1,900 salary, whatever the business date. */
const BETS: readonly Pence[] = [
  2_000, 5_000, 7_500, 3_000, 4_500, 6_000, 2_500, 5_500, 4_000, 7_000, 3_500, 5_000, 6_500, 2_000, 4_500,
  6_000, 5_000, 6_000,
];
const BOOKMAKERS = ['BET365', 'PADDY POWER', 'SKY BET', 'WILLIAM HILL'] as const;

/**
 * `stressed`: a £1,900 salary on the 28th, three payday lenders repaid the day after, a new £300 payday
 * loan, bets every five days (and one win paid back), and two direct debits returned unpaid, each with an
 * unpaid-item fee the next day.
 */
export function stressedAccounts(today: IsoDate): BankAccountRead[] {
  const lines: Entry[] = [];
  for (const on of monthlyDates(today, 28, 'before')) {
    lines.push({
      on,
      pence: 190_000,
      code: 'BGC',
      text: 'BRIGHTWAY CARE LTD WAGES',
      party: 'BRIGHTWAY CARE LTD',
    });
    const next = addDays(on, 1);
    if (next > today) continue;
    // Payday lenders collect by continuous payment authority on the card, or by direct debit.
    lines.push(
      card(next, 14_800, 'LENDING STREAM', '6012', 'LENDING STREAM LLP'),
      card(next, 16_500, 'MONEYBOAT', '6012', 'MONEYBOAT.CO.UK'),
      { on: next, pence: -9_000, code: 'DD', text: 'DRAFTY', party: 'DRAFTY LENDING LTD' },
    );
  }
  lines.push(
    ...monthlyDebit(today, 1, 'SO', 62_500, 'K OKAFOR RENT', 'K OKAFOR'),
    ...monthlyDebit(today, 1, 'DD', 11_800, 'MANCHESTER CITY COUNCIL TAX', 'MANCHESTER CITY COUNCIL'),
    ...monthlyDebit(today, 8, 'DD', 9_500, 'OCTOPUS ENERGY', 'OCTOPUS ENERGY LTD'),
    ...monthlyDebit(today, 14, 'DD', 3_400, 'EE LIMITED', 'EE LIMITED'),
  );
  everyDays(today, -87, 5).forEach((on, i) => {
    const bookmaker = BOOKMAKERS[i % BOOKMAKERS.length]!;
    lines.push(card(on, BETS[i]!, bookmaker, '7995'));
  });
  const d = (offset: number) => addDays(today, offset);
  lines.push(
    { on: d(-30), pence: 6_000, code: 'DEB', text: 'BET365', merchant: 'BET365', mcc: '7995' },
    { on: d(-20), pence: 30_000, code: 'FPI', text: 'MONEYBOAT LOAN 771203', party: 'MONEYBOAT' },
    { on: d(-45), pence: -2_499, code: 'DD', text: 'PUREGYM LTD', party: 'PUREGYM LTD' },
    { on: d(-45), pence: 2_499, code: 'DD', text: 'UNPAID DD PUREGYM LTD', party: 'PUREGYM LTD' },
    { on: d(-44), pence: -1_000, code: 'FEE', text: 'UNPAID ITEM FEE' },
    { on: d(-16), pence: -3_850, code: 'DD', text: 'ADMIRAL INSURANCE', party: 'ADMIRAL INSURANCE' },
    {
      on: d(-16),
      pence: 3_850,
      code: 'DD',
      text: 'RETURNED DD ADMIRAL INSURANCE',
      party: 'ADMIRAL INSURANCE',
    },
    { on: d(-15), pence: -1_000, code: 'FEE', text: 'UNPAID ITEM FEE' },
    card(statementStart(today), 320, 'GREGGS', '5814', 'GREGGS 0412'),
  );
  for (const on of weeklyDates(today, 6))
    lines.push(card(on, vary(`stressed-lidl-${on}`, 4_000, 6_500), 'LIDL GB', '5411'));
  for (const on of weeklyDates(today, 3)) {
    lines.push({ on, pence: -2_000, code: 'CPT', text: 'CASH NOTEMACHINE', party: 'NOTEMACHINE' });
  }
  return [account('stressed', 'current', 'CurrentAccount', 6_000, lines)];
}
