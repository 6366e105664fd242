import type { Plugin } from 'vite';
import type * as Engine from '@lender/contract/pricing/representative-example';
import { contractFile, exportConsts, loadContractModule } from './contract-module';

/** The figures: `standard` and `provider`, each a RepresentativeExample (types: src/representative-example.d.ts). */
export const REPRESENTATIVE_EXAMPLE_ID = 'virtual:representative-example';
/** The standard example as the home page and the footer print it: `sentence` and `apr`. */
export const REPRESENTATIVE_EXAMPLE_TEXT_ID = 'virtual:representative-example/text';

/**
 * The representative example, priced by the contract's engine when Vite runs (build, dev server, vitest)
 * and handed to the app as plain data: pages print the engine's figures without shipping the engine
 * (pricing, APR and date maths). The loan is on fixed dates, so the build-time figures are the ones the
 * engine gives at any time.
 *
 * Two modules, so that each page carries only what it prints. The footer is in every page's first load
 * (budget: 90 KB gzip), so it takes the sentence already worded by the contract's own helpers
 * (`representativeSentence`, `formatApr`) rather than the data and the helpers; the costs page's table
 * takes the data of both examples.
 */
export function representativeExamplePlugin(): Plugin {
  return {
    name: 'lender:representative-example',
    resolveId(id) {
      return id === REPRESENTATIVE_EXAMPLE_ID || id === REPRESENTATIVE_EXAMPLE_TEXT_ID ? `\0${id}` : null;
    },
    async load(id) {
      if (id !== `\0${REPRESENTATIVE_EXAMPLE_ID}` && id !== `\0${REPRESENTATIVE_EXAMPLE_TEXT_ID}`)
        return null;
      const engine = await loadContractModule<typeof Engine>(
        this,
        contractFile('pricing/representative-example.ts'),
      );
      const { standard, provider } = engine.representativeExamples();
      return id === `\0${REPRESENTATIVE_EXAMPLE_ID}`
        ? exportConsts({ standard, provider })
        : exportConsts({
            sentence: engine.representativeSentence(standard),
            apr: engine.formatApr(standard.aprPercent),
          });
    },
  };
}
