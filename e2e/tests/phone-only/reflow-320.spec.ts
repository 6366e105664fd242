import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { startApplication } from '../../support/api';
import { signingLinkFor } from '../../support/outbox';
import { signedInWithLiveLoan } from '../../support/live-loan';
import { ROUTES } from '../../support/route-table';
import { signIn } from '../../support/session';

/**
 * WCAG 1.4.10 (reflow): every page reads at 320 CSS px without scrolling sideways. One visit per route,
 * at the width alone: what each page shows is routes.spec.ts's to prove.
 */
test.use({ viewport: { width: 320, height: 640 } });

/**
 * The elements whose right edge passes the viewport, outermost first (the one whose parent still fits is
 * where the overflow starts), when the page scrolls sideways; none when it does not.
 */
function overflowing(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return [];
    const edge = root.clientWidth + 0.5;
    const passes = (el: Element) => el.getBoundingClientRect().right > edge;
    const name = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(' ')[0]}` : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${id}${cls} "${text}" (right ${Math.round(el.getBoundingClientRect().right)})`;
    };
    const culprits = Array.from(document.body.querySelectorAll('*')).filter(
      (el) => passes(el) && !(el.parentElement && passes(el.parentElement)),
    );
    return [`page ${root.scrollWidth} px wide`, ...culprits.slice(0, 8).map(name)];
  });
}

/** Opens the route, waits for its page (not the busy placeholder), and records any overflow softly. */
async function expectFits(page: Page, path: string) {
  await page.goto(path);
  const main = page.getByRole('main');
  await expect(main).toBeAttached();
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect.soft(await overflowing(page), `${path} scrolls sideways at 320 px`).toEqual([]);
}

test('every public and system page, and the quote, fit 320 px', async ({ page, request }) => {
  test.setTimeout(90_000);
  const publicPaths = ROUTES.filter((r) => !r.signedIn).map((r) => r.path);
  for (const path of [...publicPaths, '/confirm-email/sometoken']) await expectFits(page, path);
  // The quote is the one signed-in screen of an application before any step: a new applicant's.
  await signIn(page, { tokens: await startApplication(request) });
  await expectFits(page, '/loan/pre-approved');
});

test('a customer with a long e-mail address: application, e-sign, account and borrow pages fit 320 px', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // 50 characters with no place to break: it must wrap, not push the page wider.
  const email = `jane.averyveryverylongsurname.${crypto.randomBytes(3).toString('hex')}@example-lender.co.uk`;
  const stageScreens = {
    offerAccepted: '/loan/stage2',
    cardAccepted: '/loan/stage3',
    applicationCompleted: '/loan/stage4',
  } as const;
  await signedInWithLiveLoan(page, request, {
    stage1: { email },
    onReached: async (status, { tokens, applicant }) => {
      if (status === 'offerAccepted') {
        await signIn(page, { tokens });
      }
      if (status === 'esignSent') {
        await expectFits(page, await signingLinkFor(request, applicant.email));
        await expectFits(page, '/loan/success');
        // Signed out again, so the customer signs in with their password once the loan is live.
        await page.evaluate(() => localStorage.clear());
      } else {
        await expectFits(page, stageScreens[status]);
      }
    },
  });
  const signedInPaths = ROUTES.filter(
    (r) => r.signedIn && !r.atStatus && !r.legal && r.path !== '/loan/pre-approved',
  ).map((r) => r.path);
  for (const path of signedInPaths) await expectFits(page, path);
  // The browser's flag opens Pre Claim; the server, which has not flagged this account, says so there.
  await page.evaluate(() => localStorage.setItem('isLegal', 'true'));
  await expectFits(page, '/pre-claim');
});
