import { use, useId, useLayoutEffect, useSyncExternalStore } from 'react';
import { FrameContext } from '../../lib/frame';
import { Link, useLocation } from 'react-router';
import { useLoanState } from '../../lib/api/get-loan-state';
import { currentArrival } from '../../lib/arrival';
import { QueryProvider } from '../../lib/query';
import { PageNoticeContext } from '../page-notice';
import './loan-state.css';

/**
 * The loan's one status line and one next step (issue 45 item 11), the same on every signed-in page:
 * a letter about the debt with its reply date, a breathing space, a withdrawal being repaid, or the
 * loan's status; for a loan paid by its plan, what to pay next or what is overdue, under its name, in
 * the server's words. Nothing while it loads, when it fails, or without a loan paid out; the next step's
 * link is left out on the page it leads to.
 */
export function LoanStateBanner() {
  const { data, isError } = useLoanState();
  const headingId = useId();
  const { pathname } = useLocation();
  const answered = data !== undefined || isError;
  const arrival = currentArrival();
  const frame = use(FrameContext);
  // Committed by now: a page waiting for the banner draws below it from here on. A layout effect, so the
  // page's render that follows runs before the browser paints: banner and figures reach the screen in
  // one frame, not two (issue 50).
  useLayoutEffect(() => {
    if (answered) markLoanStateDrawn();
  }, [answered, arrival]);
  if (frame) return <LoanStateSlot headingId={headingId} />;
  if (!data || data.state === 'none') return null;
  const step = data.nextStep && data.nextStep.path !== pathname ? data.nextStep : null;
  // The state picks the look (loan-state.css): the route shell's early script draws it the same way.
  return (
    <section className="banner banner--info loan-state" data-state={data.state} aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        Where your loan stands
      </h2>
      <p className="loan-state__line">{data.statusLine}</p>
      {data.figure ? (
        <dl className="loan-state__figure">
          <dt>{data.figure.label}</dt>
          <dd>{data.figure.text}</dd>
        </dl>
      ) : null}
      {step ? (
        <p className="loan-state__step">
          <Link to={step.path}>{step.label}</Link>
        </p>
      ) : null}
    </section>
  );
}

/**
 * The banner as a signed-in page's frame has it (lib/frame.ts): hidden and empty, for the route shell's
 * early script to fill from its read of where the loan stands (lib/frame-banner.ts) before React has run.
 */
function LoanStateSlot({ headingId }: { headingId: string }) {
  return (
    <section className="banner banner--info loan-state" aria-labelledby={headingId} data-frame-slot hidden>
      <h2 id={headingId} className="visually-hidden">
        Where your loan stands
      </h2>
      <p className="loan-state__line" />
      <dl className="loan-state__figure" hidden>
        <dt />
        <dd />
      </dl>
      <p className="loan-state__step" hidden>
        <a href="/" />
      </p>
    </section>
  );
}

/**
 * Whether the loan state banner has been drawn (or found nothing to say) on this arrival at the page
 * (lib/arrival.ts). The banner is its own chunk and its own read: a page that drew its figures first
 * would have them pushed down when it came (issue 50: no layout shift), so the pages that open the
 * signed-in area wait for it. On a later arrival it is drawn from the last read at once.
 */
let drawnOn = -1;
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Called by the banner once its read has answered on this arrival, whether it shows anything or not. */
export function markLoanStateDrawn(): void {
  if (drawnOn === currentArrival()) return;
  drawnOn = currentArrival();
  for (const l of listeners) l();
}

/** True once the banner is drawn, and at once where a page has no banner above it (outside the area). */
export function useLoanStateDrawn(): boolean {
  const banner = use(PageNoticeContext);
  const isDrawn = useSyncExternalStore(
    subscribe,
    () => drawnOn === currentArrival(),
    () => false,
  );
  return banner === null || isDrawn;
}

/** The banner as its own chunk (signed-in-area.tsx), with the query client it reads through. */
export default function LoanStateBannerChunk() {
  return (
    <QueryProvider>
      <LoanStateBanner />
    </QueryProvider>
  );
}
