import crypto from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export type Applicant = {
  email: string;
  mobile: string;
  income: string;
  manualAddress?: boolean;
  /** The credit reference sandbox answers by surname (issue 47): 'Judgement', 'Mismatch', ...; else a clean file. */
  surname?: string;
};

export const newApplicant = (overrides: Partial<Applicant> = {}): Applicant => ({
  email: `e2e.${crypto.randomBytes(5).toString('hex')}@example.com`,
  mobile: `07${String(crypto.randomInt(0, 1e9)).padStart(9, '0')}`,
  income: '2400',
  ...overrides,
});

/** Chooses £300 over 3 months on the home page and applies, as a visitor would. */
export async function pickLoanOnHome(page: Page) {
  await page.goto('/');
  await page.getByRole('radio', { name: '£300' }).check();
  await page.getByRole('button', { name: 'Apply Now' }).click();
  await expect(page).toHaveURL(/\/loan\/stage1\?amount=300&months=3&product=11$/);
}

/** Fills every stage1 field by its label, finding the address by postcode. */
export async function fillStage1(page: Page, a: Applicant) {
  await page.getByLabel('Title', { exact: true }).selectOption({ label: 'Mrs' });
  await page.getByLabel('First name', { exact: true }).fill('Jane');
  await page.getByLabel('Surname', { exact: true }).fill(a.surname ?? 'Doe');
  await page.getByLabel('Day', { exact: true }).selectOption('14');
  await page.getByLabel('Month', { exact: true }).selectOption({ label: 'March' });
  await page.getByLabel('Year', { exact: true }).selectOption('1988');
  await page.getByLabel('E-mail', { exact: true }).fill(a.email);
  if (a.manualAddress) {
    await page.getByRole('button', { name: '+Manual Addr.' }).click();
    await page.getByLabel('Post code', { exact: true }).fill('M1 1AE');
    await page.getByLabel('House number', { exact: true }).fill('21');
    await page.getByLabel('Street', { exact: true }).fill('Portland Street');
    await page.getByLabel('Town/City', { exact: true }).fill('Manchester');
  } else {
    await page.getByLabel('Post code', { exact: true }).fill('SW1A 2AA');
    await page.getByRole('button', { name: 'Find address' }).click();
    await page
      .getByRole('listbox', { name: 'Select your address' })
      .getByRole('option', { name: '10 Downing Street, London, SW1A 2AA' })
      .click();
    await expect(page.getByLabel('Current address')).toHaveValue('10 Downing Street, London, SW1A 2AA');
  }
  await page.getByLabel('Mobile', { exact: true }).fill(a.mobile);
  await page.getByLabel('Net monthly income (£)').fill(a.income);
  await page.getByLabel('Wage frequency', { exact: true }).selectOption({ label: 'Monthly' });
  await page.getByLabel('Start of repayments').selectOption({ index: 8 });
  await page.getByRole('checkbox', { name: /I agree to the privacy policy/ }).check();
}
