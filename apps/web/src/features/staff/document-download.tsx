import { callRoutes } from 'virtual:call-routes';
import { useState } from 'react';
import { staffCall, staffMessage } from './staff-api';

/**
 * A customer's document for a member of staff (issue 48 item 4): a link issued to them (audited), used
 * at once and only once, two minutes at most; never a lasting URL in the browser's history.
 */
export function DocumentDownload({
  customerId,
  documentId,
  title,
}: {
  customerId: number;
  documentId: number;
  title: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      const { documentGuid } = await staffCall('staffDocumentsLink', { customerId, documentId });
      const url = `${callRoutes.staffDocumentsDownload.path}?documentGuid=${encodeURIComponent(documentGuid)}`;
      // An attachment: the browser saves it and the page stays.
      window.location.assign(url);
    } catch (err) {
      setError(staffMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="link-button"
        disabled={busy}
        aria-label={`Download ${title}`}
        onClick={() => void open()}
      >
        Download
      </button>
      {error ? <span role="alert"> {error}</span> : null}
    </>
  );
}
