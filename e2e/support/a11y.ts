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
 * Runs axe-core against WCAG 2.0/2.1 A and AA and 2.2 AA. Serious and critical violations fail the
 * test; minor and moderate ones are printed so they are seen without blocking.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const others = violations.filter((v) => !BLOCKING.has(v.impact ?? ''));
  const where = new URL(page.url()).pathname;
  for (const v of others) console.log(`[a11y ${where}] ${describe(v)}`);
  expect(blocking.map(describe), `serious or critical axe violations on ${where}`).toEqual([]);
}
