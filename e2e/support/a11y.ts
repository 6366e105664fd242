import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const describe = (v: Violation) =>
  `${v.impact ?? 'unknown'} ${v.id}: ${v.help}\n` +
  v.nodes
    .map(
      (n) =>
        `    at ${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ')})` : ''}`,
    )
    .join('\n');

/**
 * Brings every finite CSS transition and animation to its end: axe measures colours as drawn, and text
 * caught half-way through a fade (the home carousel's next slide) blends into its background.
 */
const settleAnimations = (page: Page) =>
  page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().iterations !== Infinity) animation.finish();
    }
  });

/**
 * Legacy mode runs axe in the page itself: the default opens a blank page beside it for each run to
 * finish the results in, which cost about a second a run here (2.1 s against 1.0 s a page, measured on
 * /, /login and the privacy policy), over some 250 runs in the suite. Our pages have no cross-origin
 * frames, which is what the blank page is for. Only violations are reported in full: axe then skips
 * serialising every node that passed.
 */
const analyze = async (page: Page) => {
  await settleAnimations(page);
  const axe = new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  return (await axe.analyze()).violations;
};

/**
 * Runs axe-core against WCAG 2.0/2.1 A and AA and 2.2 AA, on the page's settled drawing. Serious and
 * critical violations fail the test; minor and moderate ones are printed so they are seen without
 * blocking. A contrast failure is looked at again (twice at most), settled again: a fade that began while
 * axe ran (the carousel turns every 3 s) is gone by then, a colour that really fails is not.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  const contrastFails = (found: Violation[]) =>
    found.some((v) => v.id === 'color-contrast' && BLOCKING.has(v.impact ?? ''));
  let violations = await analyze(page);
  for (let again = 0; again < 2 && contrastFails(violations); again++) violations = await analyze(page);
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const others = violations.filter((v) => !BLOCKING.has(v.impact ?? ''));
  const where = new URL(page.url()).pathname;
  for (const v of others) console.log(`[a11y ${where}] ${describe(v)}`);
  expect(blocking.map(describe), `serious or critical axe violations on ${where}`).toEqual([]);
}
