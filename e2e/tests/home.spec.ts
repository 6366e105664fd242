import { expect, test, type Locator, type Page } from '@playwright/test';
import { BRAND } from '@lender/contract/brand';
import { INSTALMENT_MONTHS, QUICK_AMOUNTS } from '@lender/contract/constants';
import { Msg } from '@lender/contract/rules/messages';
import { TIMINGS } from '@lender/contract/timings';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ALSO_ON_PHONE } from '../support/layout';

/** A field's error as a screen reader reads it: 'Error: ' (visually hidden) then the message. */
const fieldError = (page: Page, message: string) => page.getByText(`Error: ${message}`, { exact: true });

const picker = (page: Page) => page.getByRole('form', { name: 'Choose your loan' });
const carousel = (page: Page) => page.getByRole('region', { name: 'Why borrow with us' });
/** The slide on show: the others are hidden from assistive technology as from the eye. */
const shownSlide = (page: Page) => carousel(page).getByRole('group', { name: /^\d of \d$/ });

/** The top edges of a set of controls, rounded to the pixel. */
const tops = async (controls: Locator) =>
  Promise.all((await controls.all()).map(async (c) => Math.round((await c.boundingBox())!.y)));

test.describe('Home', () => {
  test("an Other amount of 0 gets the spec's out-of-range message, not 'Choose Amount'", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Apply Now' }).click();
    await expect(fieldError(page, Msg.chooseAmount)).toBeVisible();

    await page.getByRole('radio', { name: 'Other' }).check();
    const other = page.getByLabel('Other amount (£1 to £1,000)');
    await other.fill('0');
    await page.getByRole('button', { name: 'Apply Now' }).click();
    await expect(fieldError(page, Msg.amountTooHigh)).toBeVisible();
    await expect(fieldError(page, Msg.chooseAmount)).toHaveCount(0);
    await expect(other).toBeFocused();
    await expect(other).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/$/);
    await expectNoSeriousA11yViolations(page);

    await other.fill('1');
    await page.getByRole('button', { name: 'Apply Now' }).click();
    await expect(page).toHaveURL(/\/loan\/stage1\?amount=1&months=3&product=11$/);
  });

  test('the amounts and the month choices each sit on one row', ALSO_ON_PHONE, async ({ page }) => {
    await page.goto('/');
    const amounts = picker(page).getByRole('group', { name: 'How much would you like to borrow?' });
    const months = picker(page).getByRole('group', { name: 'Over how many months?' });
    await expect(months.getByRole('radio')).toHaveCount(INSTALMENT_MONTHS.length);
    await expect(amounts.getByRole('radio')).toHaveCount(QUICK_AMOUNTS.length + 1);
    // The visible tiles are the radios' labels (the radios themselves cover them, transparent).
    for (const group of [amounts, months]) {
      const rowTops = await tops(group.locator('label'));
      expect(new Set(rowTops).size, `one row of ${rowTops.length}: tops ${rowTops.join(', ')}`).toBe(1);
    }
    await expectNoSeriousA11yViolations(page);
  });

  test(
    'the loan picker sits beside the heading at desktop width and below it on a phone',
    ALSO_ON_PHONE,
    async ({ page }) => {
      await page.goto('/');
      const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
      const form = (await picker(page).boundingBox())!;
      if (page.viewportSize()!.width >= 1000) {
        expect(form.x).toBeGreaterThan(heading.x + heading.width - 1);
        expect(form.y).toBeLessThan(heading.y + heading.height);
        expect(form.width).toBeGreaterThanOrEqual(380);
      } else {
        expect(form.y).toBeGreaterThanOrEqual(heading.y + heading.height);
        // On a phone Apply Now is on the first screen.
        const apply = (await page.getByRole('button', { name: 'Apply Now' }).boundingBox())!;
        expect(apply.y + apply.height).toBeLessThanOrEqual(page.viewportSize()!.height);
      }
    },
  );

  test('the short-term tab hides the months and keeps the picker usable', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('tab', { name: 'Short Term Loan' }).click();
    await expect(picker(page).getByRole('group', { name: 'Over how many months?' })).toHaveCount(0);
    await expect(page.getByText('Repay in one payment after 1 month.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('the compare-lenders link opens in the same tab (docs/decisions/005)', async ({ page }) => {
    await page.goto('/');
    const link = page.getByRole('link', { name: 'Compare lenders and alternatives to a short-term loan' });
    await expect(link).toHaveAttribute('href', BRAND.compareLendersUrl);
    expect(await link.getAttribute('target')).toBeNull();
  });
});

test.describe('Home marketing carousel', () => {
  test('previous and next work from the keyboard, after the rotation control', async ({ page }) => {
    // Still slides (reduced motion), so only the keys move them.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(carousel(page)).toHaveAttribute('aria-roledescription', 'carousel');
    await expect(shownSlide(page)).toHaveAttribute('aria-roledescription', 'slide');
    await expect(shownSlide(page)).toHaveAccessibleName('1 of 4');
    await expect(shownSlide(page)).toContainText('A decision in about 60 seconds');

    const rotate = carousel(page).getByRole('button', { name: 'Play slides' });
    await expect(rotate).toBeEnabled();
    await rotate.focus();
    await page.keyboard.press('Tab');
    await expect(carousel(page).getByRole('button', { name: 'Previous slide' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(shownSlide(page)).toHaveAccessibleName('4 of 4');

    const next = carousel(page).getByRole('button', { name: 'Next slide' });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(shownSlide(page)).toHaveAccessibleName('1 of 4');
    await page.keyboard.press('Space');
    await expect(shownSlide(page)).toHaveAccessibleName('2 of 4');
    await expect(shownSlide(page)).toContainText('Money within 15 minutes');
    await expect(
      carousel(page).getByRole('button', { name: 'Show slide 2: Money within 15 minutes' }),
    ).toHaveAttribute('aria-current', 'true');
    // While still, a change of slide is announced.
    await expect(carousel(page).locator('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    await expectNoSeriousA11yViolations(page);
  });

  test('its buttons are disabled until the script has them; then Pause stops it', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    // The prerendered page as it is before the script arrives: nothing in it can be pressed yet.
    await page.route(/\.js(\?|$)/, (route) => route.abort());
    await page.goto('/');
    const pause = carousel(page).getByRole('button', { name: 'Pause slides' });
    await expect(pause).toBeDisabled();
    await expect(carousel(page).getByRole('button', { name: 'Next slide' })).toBeDisabled();
    await expect(carousel(page).getByRole('button', { name: /^Show slide 1/ })).toBeDisabled();

    await page.unroute(/\.js(\?|$)/);
    await page.goto('/');
    // A person presses it once it looks pressable; the press is not lost.
    await expect(pause).toBeEnabled();
    await pause.click();
    const play = carousel(page).getByRole('button', { name: 'Play slides' });
    await expect(play).toBeFocused();
    // Pointer and focus out of it: still it holds, so a change of slide is announced, not made by itself.
    await page.mouse.move(0, 0);
    await page.getByRole('heading', { level: 1 }).click();
    await expect(play).not.toBeFocused();
    await expect(carousel(page).locator('[aria-live]')).toHaveAttribute('aria-live', 'polite');
  });

  test('it turns by itself, and stops while keyboard focus is in it', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/');
    // Out of the pointer's way: a hovered carousel holds still.
    await page.mouse.move(0, 0);
    await expect(shownSlide(page)).toHaveAccessibleName('2 of 4', {
      timeout: TIMINGS.carouselAutoplayMs + 2000,
    });
    const pause = carousel(page).getByRole('button', { name: 'Pause slides' });
    await expect(pause).toBeEnabled();
    await pause.focus();
    const held = await shownSlide(page).getAttribute('aria-label');
    await expect(carousel(page).locator('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    await page.waitForTimeout(TIMINGS.carouselAutoplayMs + 500);
    await expect(shownSlide(page)).toHaveAccessibleName(held!);
  });
});
