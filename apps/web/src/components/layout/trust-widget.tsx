/**
 * The trust-review widget, rendered from data we host (no third-party script). Review figures come
 * from the review platform's export at build time (VITE_TRUST_RATING, VITE_TRUST_REVIEWS); without
 * them the widget shows only facts we can stand behind, never invented ratings (docs/decisions/004).
 */
const rating = Number(import.meta.env.VITE_TRUST_RATING ?? NaN);
const reviews = Number(import.meta.env.VITE_TRUST_REVIEWS ?? NaN);
const hasReviews = rating > 0 && rating <= 5 && reviews > 0;

const FACTS = [
  'Authorised and regulated by the Financial Conduct Authority',
  'No fee to apply and no charge for repaying early',
  'A decision in about 60 seconds, money within 15 minutes of approval',
];

export function TrustWidget() {
  return (
    <section className="trust-widget" aria-labelledby="trust-heading">
      <h2 id="trust-heading">Why customers trust us</h2>
      {hasReviews ? (
        <p>
          <span className="trust-widget__stars" aria-hidden="true">
            {'★'.repeat(Math.round(rating))}
            {'☆'.repeat(5 - Math.round(rating))}
          </span>{' '}
          Rated {rating} out of 5 from {reviews.toLocaleString('en-GB')} independent reviews.
        </p>
      ) : null}
      <ul className="trust-widget__facts">
        {FACTS.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
    </section>
  );
}
