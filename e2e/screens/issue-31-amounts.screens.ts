import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { fillStage3Basics, signInAt, typeAmount } from '../support/stage-forms';

/*
 * Stage 3's typed expenses into docs/screens as `issue-31-amounts-<screen>-<width>.png`: only the
 * expenses block (the rest of the page is issue 10's pictures), typed, then with messages.
 */
const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screens');

test('stage3: typed expenses with the total, then their messages', async ({ page, request }) => {
  await signInAt(page, request, 'cardAccepted');
  await page.goto('/loan/stage3');
  await expect(
    page.getByLabel('How long have you lived there?').getByRole('option', { name: 'Less than 1 year' }),
  ).toHaveCount(1);
  await fillStage3Basics(page);
  await typeAmount(page, 'Rent', '£850');
  await typeAmount(page, 'Food', '312.45');
  await typeAmount(page, 'Communication/entertainment', '45.99');
  const block = page.getByRole('group', { name: 'What you spend each month' });
  const width = page.viewportSize()!.width;
  // The block cut out of the whole page seen from its top, so the sticky header is not drawn over it.
  const shot = async (name: string) => {
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    const clip = (await block.boundingBox())!;
    await page.screenshot({
      path: path.join(outDir, `issue-31-amounts-${name}-${width}.png`),
      fullPage: true,
      clip,
    });
  };
  await shot('typed');

  await typeAmount(page, 'Transport', '');
  await typeAmount(page, 'Utility', '1200');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();
  await shot('errors');
});
