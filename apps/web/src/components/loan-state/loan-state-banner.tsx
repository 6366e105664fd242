import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { useLoanState, type LoanState } from '../../lib/api/get-loan-state';
import { QueryProvider } from '../../lib/query';
import './loan-state.css';

/** States that ask something of the customer: shown so they stand out, not as an error. */
const NEEDS_ACTION: ReadonlySet<LoanState['state']> = new Set([
  'arrears',
  'defaulted',
  'legal',
  'withdrawing',
]);

/**
 * The loan's one status line and one next step (issue 45 item 11), the same on every signed-in page:
 * a letter about the debt with its reply date, a breathing space, a withdrawal being repaid, or the
 * loan's status. Nothing while it loads, when it fails, or without a loan paid out; the next step's link
 * is left out on the page it leads to.
 */
export function LoanStateBanner() {
  const { data } = useLoanState();
  const headingId = useId();
  const { pathname } = useLocation();
  if (!data || data.state === 'none') return null;
  const step = data.nextStep && data.nextStep.path !== pathname ? data.nextStep : null;
  return (
    <section
      className={`banner loan-state ${NEEDS_ACTION.has(data.state) ? 'loan-state--action' : 'banner--info'}`}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="visually-hidden">
        Where your loan stands
      </h2>
      <p className="loan-state__line">{data.statusLine}</p>
      {step ? (
        <p className="loan-state__step">
          <Link to={step.path}>{step.label}</Link>
        </p>
      ) : null}
    </section>
  );
}

/** The banner as its own chunk (signed-in-area.tsx), with the query client it reads through. */
export default function LoanStateBannerChunk() {
  return (
    <QueryProvider>
      <LoanStateBanner />
    </QueryProvider>
  );
}
