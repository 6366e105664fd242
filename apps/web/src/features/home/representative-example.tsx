/** The representative example of spec section 1, exactly as the spec gives it. */
export function RepresentativeExample() {
  return (
    <section aria-labelledby="rep-example" className="rep-example">
      <h2 id="rep-example">Representative example</h2>
      <p>
        Borrowing £300 over 90 days in 3 instalments: interest £150.57, total amount payable £450.57, 3
        instalments of £150.19. Fixed interest rate 292% per year (0.8% per day).{' '}
        <strong>Representative 1,151.80% APR.</strong>
      </p>
    </section>
  );
}
