import { expect, type Locator, type Page } from '@playwright/test';

export const BRAND_NAME = 'Kestrel Loans';
export const SUPPORT_PHONE = '020 7946 0123';
export const RISK_WARNING = 'Warning: Late repayment can cause you serious money problems.';

/** The page's level-1 headings as assistive technology sees them (hidden ones are left out). */
export const mainHeadings = (page: Page) => page.getByRole('heading', { level: 1 });

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/**
 * On a narrow screen the main navigation sits behind the Menu button; a person opens it first. On a
 * wide screen the button is not shown and the navigation is already there.
 */
export async function openMainMenu(page: Page): Promise<Locator> {
  const toggle = page.getByRole('button', { name: 'Menu' });
  const nav = mainNav(page);
  // A page the browser draws itself may be drawn after its load event: wait for the header first.
  await expect(toggle.or(nav).filter({ visible: true }).first()).toBeVisible();
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') {
    await toggle.click();
  }
  await expect(nav).toBeVisible();
  return nav;
}

/** What every screen carries: the risk warning and a visible way to phone support. */
export async function expectSiteChrome(page: Page) {
  const warning = page.getByRole('complementary', { name: 'Risk warning' });
  await expect(warning).toContainText(RISK_WARNING);
  await expect(warning.getByText(RISK_WARNING)).toBeVisible();
  await expect(
    page
      .getByRole('link', { name: new RegExp(SUPPORT_PHONE) })
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
}

/**
 * Marks a test to run at phone width as well as at desktop width (the phone project of
 * playwright.config.ts runs only these and phone-only/): for what the layout changes on a narrow screen,
 * so the journeys that look the same at both widths are not walked twice.
 */
export const ALSO_ON_PHONE = { tag: '@phone' } as const;
