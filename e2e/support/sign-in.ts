import { expect, type Page } from '@playwright/test';

/** Signs in on the login screen as a person would: types the e-mail and password and presses Login. */
export async function signInWithPassword(page: Page, email: string, password: string, path = '/login') {
  await page.goto(path);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^(Login|Check my eligibility!)$/ }).click();
  await expect(page).not.toHaveURL((url) => url.pathname.startsWith('/login'));
}
