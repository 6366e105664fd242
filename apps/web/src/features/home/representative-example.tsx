import { apr, sentence } from 'virtual:representative-example/text';

/**
 * The representative example of spec section 1 in the spec's words, with the figures the contract's
 * pricing engine computes (worded at build time, so the engine is not in this page's bundle; the footer
 * prints the same text). docs/decisions/003 records the loan it describes. It sits right under the hero,
 * where a reader of the loan limits meets it.
 */
export function RepresentativeExample() {
  return (
    <section aria-labelledby="rep-example" className="rep-example">
      <h2 id="rep-example">Representative example</h2>
      <p>
        {sentence} <strong className="rep-example__apr">Representative {apr} APR.</strong>
      </p>
    </section>
  );
}
