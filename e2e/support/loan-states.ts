import { expect, type Page } from '@playwright/test';
import { defaultPastRemedy } from './defaulted-loan';
import { mainHeadings } from './layout';
import type { signedInWithLiveLoan } from './live-loan';
import { ops } from './ops';
import { expectPaymentSuccess, expectRepaid, payTotalFromStep0, startPayingTotal } from './payment';
import { TEST_SECRETS } from './secrets';
import { signInWithPassword } from './sign-in';

/*
 * A signed-in customer's loan in each state of issue 45 item 11 (live, withdrawn, flagged legal, settled;
 * arrears needs the business date moved: e2e/business-days), for the checks and screenshots that visit
 * every signed-in page in each. Each starts from signedInWithLiveLoan's customer, on the schedule.
 */

type Customer = Awaited<ReturnType<typeof signedInWithLiveLoan>>;

/** Pays the total due by the card on file: the loan is repaid (settled). */
export async function settle(page: Page) {
  await page.goto('/borrow/schedule');
  await startPayingTotal(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectRepaid(page);
}

/** Withdraws within 14 days (borrow page's dialog) and pays what it asks: the loan is withdrawn. */
export async function withdraw(page: Page) {
  await page.goto('/borrow');
  await expect(mainHeadings(page)).toHaveText('Application/Loan status');
  await page.getByRole('button', { name: 'Withdraw from this agreement' }).click();
  await page
    .getByRole('dialog', { name: 'Withdraw from your loan agreement?' })
    .getByRole('button', { name: 'Yes, withdraw' })
    .click();
  // No longer 'Loan active… collected from your card' (issue 45 item 11): the repayment and its date.
  await expect(page.getByRole('region', { name: 'Where your loan stands' })).toContainText(
    /You withdrew from your loan agreement on \d\d-\d\d-\d{4}\. Please repay what you borrowed and its interest by \d\d-\d\d-\d{4}\.Make a payment/,
  );
  const notice = page.getByRole('region', { name: 'You have withdrawn from this agreement' });
  await notice.getByRole('link', { name: 'Make the payment' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/borrow/payment');
  await payTotalFromStep0(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectPaymentSuccess(page);
}

/**
 * The loan defaults past its notice's remedy date and staff flag the account legal (the Letter of
 * Claim: only then, s87(1)); the flag shows from the next sign-in.
 */
export async function flagLegal(page: Page, customer: Customer) {
  await defaultPastRemedy(customer.appGuid);
  expect(await ops('legal', customer.appGuid, 'on')).toContain('Letter of Claim issued for £');
  await page.evaluate(() => localStorage.clear());
  await signInWithPassword(page, customer.email, TEST_SECRETS.password);
}

/** The signed-in pages of a customer with a loan (issue 45: each must fit 320 px in every state). */
export const LOAN_PAGES = [
  { path: '/borrow', screen: 'borrow' },
  { path: '/borrow/schedule', screen: 'schedule' },
  { path: '/borrow/payment', screen: 'payment' },
  { path: '/borrow/payment?reschedule=true', screen: 'reschedule' },
  { path: '/borrow/update-card', screen: 'update-card' },
  { path: '/account/documents', screen: 'documents' },
  { path: '/account', screen: 'contact-details' },
  { path: '/pre-claim', screen: 'pre-claim' },
] as const;

/**
 * Opens a signed-in page and waits until it shows its content (not the busy placeholder, the footer
 * arrived). A folded statement of account (Pre Claim) is opened, so its table is measured and seen.
 */
export async function openLoanPage(page: Page, path: string) {
  await page.goto(path);
  const main = page.getByRole('main');
  await expect(main).toBeAttached();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toBeVisible();
  const statement = main.locator('details').filter({ hasText: 'Statement of account' });
  if ((await statement.count()) > 0) {
    await statement.locator('summary').click();
    await expect(statement.getByRole('table')).toBeVisible();
  }
}

/**
 * What does not fit the width, in words (none when all fits): the page scrolling sideways, any region
 * that scrolls sideways, a table wider than its column, a cell past the screen's edge or whose text is
 * cut (scrollWidth over clientWidth: an amount shown as '£13…').
 */
export function misfits(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    const root = document.documentElement;
    const edge = root.clientWidth + 0.5;
    const text = (el: Element) => (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
    if (root.scrollWidth > root.clientWidth) {
      out.push(`the page is ${root.scrollWidth} px wide in ${root.clientWidth}`);
    }
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const { overflowX } = getComputedStyle(el);
      if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
        out.push(
          `<${el.tagName.toLowerCase()}> "${text(el)}" scrolls sideways (${el.scrollWidth} in ${el.clientWidth})`,
        );
      }
    }
    // Out of sight on purpose (a visually hidden header row, a blank cell): 1 px wide or less.
    const hidden = (el: Element, table: Element) => {
      for (let e: Element | null = el; e && e !== table; e = e.parentElement) {
        if (e.getBoundingClientRect().width <= 1) return true;
      }
      return false;
    };
    for (const table of Array.from(document.querySelectorAll('main table'))) {
      const name = table.querySelector('caption')?.textContent ?? table.getAttribute('aria-label') ?? '';
      const column = table.parentElement!.clientWidth;
      const width = table.getBoundingClientRect().width;
      if (width > column + 0.5) out.push(`table "${name}" is ${Math.round(width)} px wide in ${column}`);
      for (const cell of Array.from(table.querySelectorAll('th, td'))) {
        if (hidden(cell, table)) continue;
        if (cell.getBoundingClientRect().right > edge) {
          out.push(`"${name}" cell "${text(cell)}" passes the screen's edge`);
        } else if (cell.scrollWidth > cell.clientWidth + 1) {
          out.push(`"${name}" cell "${text(cell)}" is cut (${cell.scrollWidth} in ${cell.clientWidth})`);
        }
      }
    }
    return out;
  });
}

/** The widths of issue 45's phone checks. */
export const PHONE_WIDTHS = [320, 360] as const;

/**
 * Every loan page at 320 and 360 px (the page laid out again at the second width, not reloaded), what
 * does not fit gathered softly, so one run names every page that fails. `statusLine`: the loan's state
 * as every one of them says it under its heading (issue 45 item 11: one state everywhere).
 */
export async function expectEveryPageFits(page: Page, state: string, statusLine: RegExp) {
  for (const { path } of LOAN_PAGES) {
    await page.setViewportSize({ width: PHONE_WIDTHS[0], height: 740 });
    await openLoanPage(page, path);
    await expect
      .soft(
        page.getByRole('region', { name: 'Where your loan stands' }),
        `${state}: ${path} says the loan's state`,
      )
      .toContainText(statusLine);
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: 740 });
      expect.soft(await misfits(page), `${state}: ${path} at ${width} px`).toEqual([]);
    }
  }
}

/**
 * Screenshots (e2e/screens/shot.ts) of the loan pages in one state at each width, as `<state>-<page>`:
 * Pre Claim only when legal (anyone else is sent to the borrow page); the contact details are not a
 * loan's page.
 */
export async function shootEveryPage(
  page: Page,
  shot: (page: Page, screen: string) => Promise<void>,
  state: string,
  widths: readonly number[],
) {
  const pages = LOAN_PAGES.filter(
    (p) => p.screen !== 'contact-details' && (state === 'legal' || p.screen !== 'pre-claim'),
  );
  for (const { path, screen } of pages) {
    await page.setViewportSize({ width: widths[0]!, height: 740 });
    await openLoanPage(page, path);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 740 });
      await shot(page, `${state}-${screen}`);
    }
  }
}
