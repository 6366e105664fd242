import { ESLint, RuleTester } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { featureBoundaries } from './feature-boundaries.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const options = [{ layers: [{ root: 'app/src', composition: ['main.ts', 'test/**'] }] }];
const at = (file: string) => path.join(repo, 'app/src', file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

tester.run('feature-boundaries', featureBoundaries, {
  valid: [
    { filename: at('features/loans/pay.ts'), code: "import { x } from './schedule';", options },
    {
      filename: at('features/loans/deep/pay.ts'),
      code: "import { x } from '../../loans/schedule';",
      options,
    },
    { filename: at('features/loans/pay.ts'), code: "import { db } from '../../lib/db';", options },
    { filename: at('features/loans/pay.ts'), code: "import { z } from 'zod';", options },
    { filename: at('lib/db.ts'), code: "import { y } from './pool';", options },
    { filename: at('main.ts'), code: "import { pay } from './features/loans/pay';", options },
    { filename: at('test/app.ts'), code: "import { pay } from '../features/loans/pay';", options },
    // Outside every layer: not this rule's business.
    {
      filename: path.join(repo, 'bench/run.ts'),
      code: "import { a } from '../app/src/features/loans/pay';",
      options,
    },
  ],
  invalid: [
    {
      filename: at('features/loans/pay.ts'),
      code: "import { card } from '../cards/card';",
      options,
      errors: [{ messageId: 'crossFeature', data: { from: 'loans', to: 'cards' } }],
    },
    {
      filename: at('features/loans/deep/pay.ts'),
      code: "export { card } from '../../../features/cards/card';",
      options,
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: at('features/loans/pay.ts'),
      code: "const page = () => import('../cards/card-page');",
      options,
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: at('components/loader.test.ts'),
      code: "import { submit } from '../features/stage1/submit';",
      options,
      errors: [{ messageId: 'sharedImportsFeature', data: { from: '', to: 'stage1' } }],
    },
    {
      filename: at('features/wiring.ts'),
      code: "export * from './loans/pay';",
      options,
      errors: [{ messageId: 'sharedImportsFeature' }],
    },
  ],
});

describe("the repository's lint configuration", () => {
  const eslint = new ESLint({ cwd: repo });
  const ruleIds = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath: path.join(repo, filePath) }))[0]!.messages.map((m) => m.ruleId);

  it('fails a deliberate cross-feature import on the API side and on the web side', async () => {
    expect(
      await ruleIds('apps/api/src/features/account/x.ts', "export { a } from '../register/quote-service';\n"),
    ).toContain('lender/feature-boundaries');
    expect(
      await ruleIds('apps/web/src/features/borrow/x.ts', "export { a } from '../account/change-email';\n"),
    ).toContain('lender/feature-boundaries');
  });

  it('fails shared code that imports a feature, and lets the composition roots wire them', async () => {
    expect(
      await ruleIds('apps/api/src/lib/x.ts', "export { a } from '../features/register/quote-service';\n"),
    ).toContain('lender/feature-boundaries');
    expect(
      await ruleIds('apps/web/src/components/x.ts', "export { a } from '../features/home/check-amount';\n"),
    ).toContain('lender/feature-boundaries');
    expect(
      await ruleIds('apps/web/src/app/x.ts', "export { a } from '../features/home/check-amount';\n"),
    ).not.toContain('lender/feature-boundaries');
  });
});
