import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every price figure a customer reads comes from the contract's pricing engine or its constants (issue 7,
 * decision 003): a figure typed into a page, e-mail or document template goes stale the day pricing
 * changes. This scans the source of the web app and the API (tests and comments aside) for the shapes a
 * typed price takes: pounds and pence, a rate or APR with decimals, an APR in the thousands, a yearly rate.
 */
const PRICE_SHAPES: [string, RegExp][] = [
  ['an amount in pounds and pence', /£\d[\d,]*\.\d{2}/],
  ['a percentage with decimals (a daily rate or an APR)', /\d\.\d+ ?%/],
  ['an APR in the thousands', /\d,\d{3}(\.\d+)? ?%/],
  ['a yearly rate such as 292%', /\b[2-9]\d{2} ?%/],
];

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ROOTS = ['apps/web/src', 'apps/api/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'quality' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Drops comments, so a doc comment may still give an example figure. */
const withoutComments = (line: string) => line.replace(/\/\/.*$|\/\*.*?\*\/|^\s*\*.*$/g, '');

describe('no price figure typed into the product', () => {
  const files = ROOTS.flatMap((root) => sourceFiles(path.join(repo, root)));

  it('finds the source it scans', () => {
    expect(files.some((f) => f.endsWith('site-footer.tsx'))).toBe(true);
    expect(files.some((f) => f.endsWith('quote-payload.ts'))).toBe(true);
  });

  it('recognises each shape it forbids', () => {
    for (const sample of ['£150.57', '0.8%', '1,151.80%', '292%']) {
      expect(PRICE_SHAPES.some(([, shape]) => shape.test(sample))).toBe(true);
    }
    for (const allowed of ['£1 to £1,000', '100%', '51%', '10% of the total']) {
      expect(PRICE_SHAPES.some(([, shape]) => shape.test(allowed))).toBe(false);
    }
  });

  it('has none in any page, e-mail or route', () => {
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          PRICE_SHAPES.filter(([, shape]) => shape.test(withoutComments(line))).map(
            ([what]) => `${path.relative(repo, file)}:${index + 1}: ${what}: ${line.trim()}`,
          ),
        ),
    );
    expect(found).toEqual([]);
  });
});
