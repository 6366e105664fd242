import { expect, test } from '@playwright/test';
import { TIMINGS } from '@lender/contract/timings';
import { expectNoSeriousA11yViolations } from '../../support/a11y';
import { applicationAt } from '../../support/application-at';
import { signingLinkFor, smsCount } from '../../support/outbox';

/** The seconds the resend's visible countdown shows now. */
const secondsShown = (text: string | null) => Number(/in (\d+) seconds?\./.exec(text ?? '')?.[1]);

/**
 * Stage 5's resend links (decision 038): the page knows from the server how long a resend still waits,
 * counts it down where the link is, and the link works again at 0. Layout is the same at every width:
 * it runs once, at 360 px, and waits out the server's 15 s once.
 */
test('a resend counts down the wait the server gives, and works again at 0', async ({ page, request }) => {
  test.setTimeout(60_000);
  const { applicant } = await applicationAt(request, 'esignSent');
  // Stage 4 sent the first code before this moment: the server's wait ends before this + 15 s.
  const firstCodeSent = Date.now();
  const resendCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/Register/SendVerificationSMS')) resendCalls.push(r.url());
  });
  await page.goto(await signingLinkFor(request, applicant.email));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign your loan agreement');

  // Opened moments after the first code: the link already says how long to wait, before any tap.
  const resend = page.getByRole('button', { name: 'Resend SMS code' });
  await expect(resend).toHaveAttribute('aria-disabled', 'true');
  await expect(resend).toHaveAccessibleDescription(/^You can ask again in \d+ seconds?\.$/);
  const countdown = page.getByText(/^You can ask again in \d+ seconds?\.$/).first();
  const first = await secondsShown(await countdown.textContent());
  expect(first).toBeGreaterThan(0);
  expect(first).toBeLessThanOrEqual(TIMINGS.resendCooldownMs / 1000);
  // It goes down by itself.
  await expect.poll(async () => secondsShown(await countdown.textContent())).toBeLessThan(first);

  // A tap while it waits sends nothing and keeps focus on the link (forced: Playwright itself waits for an
  // aria-disabled control to be enabled, which a person does not).
  await resend.tap({ force: true });
  await expect(resend).toBeFocused();
  expect(resendCalls).toEqual([]);

  // At 0 the link works again, and says so once to a screen reader.
  const serverReady = firstCodeSent + TIMINGS.resendCooldownMs + 500 - Date.now();
  await expect(resend).not.toHaveAttribute('aria-disabled', 'true', {
    timeout: Math.max(serverReady, 0) + 2_000,
  });
  await expect(
    page.getByRole('status').filter({ hasText: 'You can press Resend SMS code again.' }),
  ).toBeVisible();
  expect(await smsCount(request, applicant.mobile)).toBe(1);

  await resend.tap();
  await expect(
    page.getByRole('status').filter({ hasText: 'We have sent you a new SMS code.' }),
  ).toBeVisible();
  await expect(resend).toHaveAttribute('aria-disabled', 'true');
  await expect(resend).toHaveAccessibleDescription(/^You can ask again in 1[45] seconds\.$/);
  expect(await smsCount(request, applicant.mobile)).toBe(2);
  expect(resendCalls).toHaveLength(1);
  await expectNoSeriousA11yViolations(page);
});
