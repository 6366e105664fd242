import { apr, sentence } from 'virtual:representative-example/text';

/**
 * The representative example of spec section 1: the lead page shows the normal one (worded at build time
 * from the contract's pricing engine, as the home page and footer do), and says what repaying earns.
 */
export function LeadRepresentativeExample() {
  return (
    <section className="lead-example" aria-labelledby="lead-example">
      <h3 id="lead-example">Representative example</h3>
      <p>
        {sentence} <strong>Representative {apr} APR.</strong>
      </p>
      <p>Repay this loan as agreed and we will offer you preferential terms on your next loan with us.</p>
    </section>
  );
}
