import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

/**
 * Screenshots for review (docs/screens/README.md), not tests: `bash scripts/screens.sh`. The real server
 * and database of the browser tests (their webServer), at 1280 and 360 px wide, one pixel per CSS pixel.
 * Paths in the base config are relative to e2e/, so the ones used here are set again.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: /\.screens\.ts$/,
  outputDir: '../test-results/screens',
  reporter: [['list']],
  globalTeardown: '../support/global-teardown.ts',
  retries: 0,
  timeout: 60_000,
  projects: [
    { name: 'wide', use: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 } },
    {
      name: 'narrow',
      use: { viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
    },
  ],
});
