import { useId, useState } from 'react';
import { ErrorBanner, useErrorBanner } from '../../components/form/error-banner';
import { serverMessage } from '../../lib/api-client';

/** Only a web address of ours or the API's opens (never a javascript: one); null otherwise. */
function webAddress(url: string): string | null {
  try {
    const target = new URL(url, window.location.href);
    return target.protocol === 'https:' || target.protocol === 'http:' ? target.href : null;
  } catch {
    return null;
  }
}

/** A call that answers a single-use download address (MyAccountArea/SobLink, SettlementLink). */
type LinkCall = { isPending: boolean; mutateAsync: () => Promise<{ url: string }> };

type Props = {
  /** The button's text. */
  label: string;
  /** What the document is, under the button. */
  hint: string;
  /** The document as the fallback link names it: 'summary' gives 'Your summary is ready: open your summary.' */
  noun: string;
  link: LinkCall;
};

/**
 * A document of the borrow area that opens in a new tab through a single-use link (the bearer token never
 * goes in a URL): the summary of borrowing on the borrow page, the settlement statement on the payment page.
 *
 * Why the tab opens before the call: browsers let a page open a tab only while handling the click, and
 * the link is known only after the call answers. A `window.open` after the await is blocked by Safari
 * always and by Chrome and Firefox when the answer is slow. So an empty tab opens in the click itself and
 * is sent to the document once the link is in (or closed if the call fails). Where even that tab is
 * refused (a strict blocker), the link is offered on the page instead, for the person to open
 * themselves: it works once, for a few minutes, which is time enough.
 */
export function DownloadDocument({ label, hint, noun, link }: Props) {
  const hintId = useId();
  const failure = useErrorBanner();
  const [fallback, setFallback] = useState<string | null>(null);

  const download = async () => {
    if (link.isPending) return;
    failure.clear();
    setFallback(null);
    const tab = window.open('', '_blank');
    // The document must not reach back into this page through window.opener (reverse tabnabbing).
    if (tab) tab.opener = null;
    try {
      const url = webAddress((await link.mutateAsync()).url);
      if (!url) throw new Error('not a web address');
      if (tab && !tab.closed) tab.location.href = url;
      else setFallback(url);
    } catch (err) {
      tab?.close();
      failure.fail(serverMessage(err, `We could not prepare your ${noun}. Please try again.`));
    }
  };

  return (
    <div className="borrow-download">
      <ErrorBanner {...failure.banner} />
      <button
        type="button"
        className="link-button borrow-download__button"
        aria-describedby={hintId}
        aria-disabled={link.isPending || undefined}
        onClick={() => void download()}
      >
        {label}
      </button>
      <p className="borrow-download__hint" id={hintId}>
        {hint}
      </p>
      {/* A polite live region, not a 'status': a page may hold several documents beside its own status. */}
      <div aria-live="polite">
        {fallback ? (
          <p>
            Your {noun} is ready:{' '}
            <a href={fallback} target="_blank" rel="noopener noreferrer" onClick={() => setFallback(null)}>
              open your {noun}
            </a>
            .
          </p>
        ) : null}
      </div>
    </div>
  );
}
