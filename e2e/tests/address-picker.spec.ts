import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ALSO_ON_PHONE } from '../support/layout';

const STAGE1 = '/loan/stage1?amount=300&months=3&product=11';

// What the API's built-in address lookup (apps/api/src/features/address/sandbox-dataset.ts) serves.
const SW1A_2AA = [
  '10 Downing Street, London, SW1A 2AA',
  '11 Downing Street, London, SW1A 2AA',
  '12 Downing Street, London, SW1A 2AA',
];

const postCode = (page: Page) => page.getByLabel('Post code', { exact: true });
const findButton = (page: Page) => page.getByRole('button', { name: 'Find address' });
const results = (page: Page) => page.getByRole('listbox', { name: 'Select your address' });
const currentAddress = (page: Page) => page.getByLabel('Current address', { exact: true });
/** The address search's live region (the global loader is a status region too). */
const searchStatus = (page: Page) => page.getByRole('status').filter({ hasText: /address/ });

/** Presses Tab until the field has focus, as a keyboard user would reach it from the top of the page. */
async function tabTo(page: Page, field: ReturnType<Page['getByLabel']>) {
  for (let presses = 0; presses < 60; presses++) {
    if (await field.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('60 presses of Tab did not reach the field');
}

test.describe('Address picker (stage1)', () => {
  test('keyboard alone: find the addresses at SW1A 2AA, arrow down to the 3rd and pick it', async ({
    page,
  }) => {
    await page.goto(STAGE1);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await tabTo(page, postCode(page));
    await page.keyboard.type('SW1A 2AA');
    await page.keyboard.press('Tab');
    await expect(findButton(page)).toBeFocused();
    await page.keyboard.press('Enter');

    // The count is announced politely, and focus is taken to the list with its first address active.
    await expect(searchStatus(page)).toHaveText('3 addresses found');
    await expect(searchStatus(page)).toHaveAttribute('role', 'status');
    await expect(results(page)).toBeFocused();
    await expect(results(page).getByRole('option')).toHaveText(SW1A_2AA);
    const active = results(page).getByRole('option', { selected: true });
    await expect(active).toHaveText(SW1A_2AA[0]!);

    // Arrow keys move the active option only: nothing is picked and focus stays on the list.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(active).toHaveText(SW1A_2AA[2]!);
    await expect(results(page)).toHaveAttribute('aria-activedescendant', (await active.getAttribute('id'))!);
    await expect(results(page)).toBeFocused();
    await expect(currentAddress(page)).toHaveValue('');
    // Past the last one it stays on the last one; Home and End go to the ends.
    await page.keyboard.press('ArrowDown');
    await expect(active).toHaveText(SW1A_2AA[2]!);
    await page.keyboard.press('Home');
    await expect(active).toHaveText(SW1A_2AA[0]!);
    await page.keyboard.press('End');
    await expect(active).toHaveText(SW1A_2AA[2]!);

    await page.keyboard.press('Enter');
    await expect(results(page)).toHaveCount(0);
    await expect(currentAddress(page)).toHaveValue(SW1A_2AA[2]!);
    await expect(currentAddress(page)).toBeFocused();

    // The pick filled the parts of the address too.
    await page.getByRole('button', { name: '+Manual Addr.' }).click();
    await expect(page.getByLabel('House number', { exact: true })).toHaveValue('12');
    await expect(page.getByLabel('Street', { exact: true })).toHaveValue('Downing Street');
    await expect(page.getByLabel('Town/City', { exact: true })).toHaveValue('London');
    await expect(page.getByLabel('County (optional)', { exact: true })).toHaveValue('Greater London');
    await expect(postCode(page)).toHaveValue('SW1A 2AA');
  });

  test('Escape closes the list without a pick, clears the address and returns focus to Find address', async ({
    page,
  }) => {
    await page.goto(STAGE1);
    await postCode(page).fill('SW1A 2AA');
    await postCode(page).press('Enter');
    await expect(results(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(currentAddress(page)).toHaveValue(SW1A_2AA[0]!);

    await findButton(page).press('Enter');
    await expect(results(page)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await expect(results(page)).toHaveCount(0);
    await expect(findButton(page)).toBeFocused();
    await expect(currentAddress(page)).toHaveValue('');
  });

  test(
    'the open list passes axe, and a click or tap picks; its options are big enough for a finger',
    ALSO_ON_PHONE,
    async ({ page }, testInfo) => {
      await page.goto(STAGE1);
      await postCode(page).fill('SW1A 2AA');
      await findButton(page).click();
      await expect(searchStatus(page)).toHaveText('3 addresses found');
      await expect(results(page)).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      for (const option of await results(page).getByRole('option').all()) {
        expect((await option.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      }
      await results(page).scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath('address-list.png') });

      const second = results(page).getByRole('option', { name: SW1A_2AA[1] });
      if (testInfo.project.use.hasTouch) await second.tap();
      else await second.click();
      await expect(currentAddress(page)).toHaveValue(SW1A_2AA[1]!);
      await expect(currentAddress(page)).toBeFocused();
    },
  );

  test('manual address: optional fields say so, and the one-of rule is a hint', async ({ page }) => {
    await page.goto(STAGE1);
    await page.getByRole('button', { name: '+Manual Addr.' }).click();
    const hint = 'Enter at least one of flat number, building name or house number.';
    for (const label of ['Flat number', 'Building name', 'House number']) {
      await expect(page.getByLabel(label, { exact: true })).toHaveAccessibleDescription(hint);
    }
    await expect(page.getByLabel('Street', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Town/City', { exact: true })).toBeVisible();
    await expect(page.getByLabel('County (optional)', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
