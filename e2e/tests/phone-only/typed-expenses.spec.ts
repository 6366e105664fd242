import { expect, test, type Page } from '@playwright/test';
import { EXPENSE_LIMITS } from '@lender/contract/constants';
import { expectNoSeriousA11yViolations } from '../../support/a11y';
import { errorSummary, fieldError } from '../../support/form-errors';
import { fillStage3Basics, signInAt } from '../../support/stage-forms';
import { storedExpensesPence } from '../../support/stored-expenses';

const amount = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** Taps a field and types over what it holds with the phone's keyboard, as a thumb does. */
async function typeOver(page: Page, name: string, text: string) {
  const field = amount(page, name);
  await field.tap();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  if (text) await page.keyboard.type(text);
  return field;
}

test.describe('Stage 3 on a phone: amounts are typed, not dragged', () => {
  test('typed amounts add up as they are typed, an emptied one is named, a swipe changes nothing, and the server stores exactly what was typed', async ({
    page,
    request,
  }) => {
    const appGuid = await signInAt(page, request, 'cardAccepted');
    await page.goto('/loan/stage3');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Affordability check');
    await page.getByLabel('How long have you lived there?').selectOption({ label: 'More than 5 years' });
    await page.getByLabel('Employment status', { exact: true }).selectOption({ label: 'Retired' });
    await fillStage3Basics(page);

    // A money field: the phone offers its keyboard with a decimal point, the pound sign is shown beside it.
    const rent = amount(page, 'Rent');
    await expect(rent).toHaveAttribute('inputmode', 'decimal');
    await expect(rent).toHaveAttribute('autocomplete', 'off');
    await typeOver(page, 'Rent', '£850');
    await typeOver(page, 'Food', '312.45');
    await typeOver(page, 'Credit commitment', '120.5');

    // Stage 1's applicant takes home £2,200 a month (the API's stage 1 factory).
    const totals = page.getByRole('region', { name: 'Your monthly spending' });
    await expect(totals.getByText('£1,282.95', { exact: true })).toBeVisible();
    await expect(totals.getByText('£917.05', { exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You spend' })).toHaveText(
      'You spend £1,282.95 a month, which leaves £917.05 of your take-home pay of £2,200.00.',
    );

    // Emptied, a field says which amount it wants; the form goes nowhere.
    await typeOver(page, 'Transport', '');
    await typeOver(page, 'Utility', String(EXPENSE_LIMITS.utility + 1));
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(errorSummary(page)).toBeFocused();
    // The messages name their amounts, so no field name leads them (decision 037).
    await expect(errorSummary(page).getByRole('link')).toHaveText([
      'Your monthly utility bills must be £1,000 or less',
      'Enter your monthly transport costs, or 0',
    ]);
    await expect(fieldError(page, 'Enter your monthly transport costs, or 0')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/loan/stage3');
    await expectNoSeriousA11yViolations(page);
    await typeOver(page, 'Transport', '0');
    await typeOver(page, 'Utility', '95.99');
    await expect(fieldError(page, 'Enter your monthly transport costs, or 0')).toHaveCount(0);

    // A vertical swipe over the list scrolls the page and leaves every amount as it was.
    const before = await page
      .getByRole('group', { name: 'What you spend each month' })
      .getByRole('textbox')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    await amount(page, 'Recreation').scrollIntoViewIfNeeded();
    const box = (await amount(page, 'Recreation').boundingBox())!;
    const scrolledFrom = await page.evaluate(() => window.scrollY);
    const cdp = await page.context().newCDPSession(page);
    // A thumb on Recreation's box moves up the screen in small steps, as a swipe does.
    const x = Math.round(box.x + box.width / 2);
    const y = Math.round(box.y + box.height / 2);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', dy: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x, y: y - dy }],
      });
    await touch('touchStart', 0);
    for (let dy = 10; dy <= 200; dy += 10) await touch('touchMove', dy);
    await touch('touchEnd', 200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).not.toBe(scrolledFrom);
    const after = await page
      .getByRole('group', { name: 'What you spend each month' })
      .getByRole('textbox')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(after).toEqual(before);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/loan/stage4');
    // Pence survive the trip: what was typed is what the assessment was made from.
    expect(storedExpensesPence(appGuid!)).toMatchObject({
      rent: 85000,
      food: 31245,
      creditCommitment: 12050,
      utility: 9599,
      transport: 0,
      councilTax: 0,
    });
  });
});
