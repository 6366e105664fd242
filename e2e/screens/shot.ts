import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(here, '../../docs/screens');

/**
 * Takes full-page screenshots into docs/screens as `<prefix>-<screen>-<width>.png`: the prefix is
 * SCREENS_PREFIX when set, else the suite's own (the issue its pictures were made for).
 */
export function screenshots(defaultPrefix: string) {
  const prefix = process.env.SCREENS_PREFIX || defaultPrefix;
  /**
   * `ours: false` for a page of another site (the card provider's), which has none of our frame;
   * `fullPage: false` for what the screen shows, a modal dialog held over the page for one.
   */
  return async function shot(page: Page, screen: string, { ours = true, fullPage = true } = {}) {
    // The page as a visitor first sees it: at the top, no focus ring left by the script, fonts loaded.
    await page.evaluate(async () => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
      await document.fonts.ready;
    });
    if (ours) {
      await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
      // The footer arrives with its own chunk after the page (the shell's budget): wait for it.
      await expect(page.getByRole('contentinfo')).toBeVisible();
    }
    const width = page.viewportSize()!.width;
    await page.screenshot({
      path: path.join(outDir, `${prefix}-${screen}-${width}.png`),
      fullPage,
      animations: 'disabled',
    });
  };
}
