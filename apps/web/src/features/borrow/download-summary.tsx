import { useId, useState } from 'react';
import { ErrorBanner, useErrorBanner } from '../../components/form/error-banner';
import { serverMessage } from '../../lib/api-client';
import { useSobLink } from './get-sob-link';

const FAILED = 'We could not prepare your summary. Please try again.';

/** Only a web address of ours or the API's opens (never a javascript: one); null otherwise. */
function webAddress(url: string): string | null {
  try {
    const target = new URL(url, window.location.href);
    return target.protocol === 'https:' || target.protocol === 'http:' ? target.href : null;
  } catch {
    return null;
  }
}

/**
 * 'Download Summary' (spec section 2): the summary of borrowing opens in a new tab.
 *
 * Why the tab opens before the call: browsers let a page open a tab only while handling the click, and
 * the link is known only after MyAccountArea/SobLink answers. A `window.open` after the await is
 * blocked by Safari always and by Chrome and Firefox when the answer is slow. So an empty tab opens in
 * the click itself and is sent to the summary once the link is in (or closed if the call fails). Where
 * even that tab is refused (a strict blocker), the link is offered on the page instead, for the person
 * to open themselves: it works once, for a few minutes, which is time enough.
 */
export function DownloadSummary() {
  const hintId = useId();
  const sobLink = useSobLink();
  const failure = useErrorBanner();
  const [fallback, setFallback] = useState<string | null>(null);

  const download = async () => {
    if (sobLink.isPending) return;
    failure.clear();
    setFallback(null);
    const tab = window.open('', '_blank');
    // The summary must not reach back into this page through window.opener (reverse tabnabbing).
    if (tab) tab.opener = null;
    try {
      const url = webAddress((await sobLink.mutateAsync()).url);
      if (!url) throw new Error('not a web address');
      if (tab && !tab.closed) tab.location.href = url;
      else setFallback(url);
    } catch (err) {
      tab?.close();
      failure.fail(serverMessage(err, FAILED));
    }
  };

  return (
    <div className="borrow-download">
      <ErrorBanner {...failure.banner} />
      <button
        type="button"
        className="link-button borrow-download__button"
        aria-describedby={hintId}
        aria-disabled={sobLink.isPending || undefined}
        onClick={() => void download()}
      >
        Download Summary
      </button>
      <p className="borrow-download__hint" id={hintId}>
        Your borrowing over the last 12 months, as a document. Opens in a new tab.
      </p>
      <div role="status">
        {fallback ? (
          <p>
            Your summary is ready:{' '}
            <a href={fallback} target="_blank" rel="noopener noreferrer" onClick={() => setFallback(null)}>
              open your summary
            </a>
            .
          </p>
        ) : null}
      </div>
    </div>
  );
}
