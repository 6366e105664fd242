import { useState } from 'react';
import { ErrorBanner, useErrorBanner } from '../../components/form/error-banner';
import { serverMessage } from '../../lib/api-client';
import { getDocuments } from '../../lib/api/get-documents';
import { downloadDocument } from '../../lib/api/get-download-link';

export const NO_AGREEMENT =
  'We could not find the agreement of this loan. Please call us and we will send it.';

/**
 * 'Retrieve contract' on the schedule: the signed agreement of this loan, saved as the documents page
 * saves it (issue 45; the spec's 'In Progress...' alert left the customer with nothing). The list is read
 * on each press, as the download's single-use link is.
 */
export function RetrieveContract({ appID }: { appID: number }) {
  const failure = useErrorBanner();
  const [busy, setBusy] = useState(false);

  const retrieve = async () => {
    if (busy) return;
    failure.clear();
    setBusy(true);
    try {
      const { documents } = await getDocuments();
      const agreement = documents.find((d) => d.kind === 'agreement' && d.applicationID === appID);
      if (!agreement) failure.fail(NO_AGREEMENT);
      else await downloadDocument(agreement.documentSourceID);
    } catch (err) {
      failure.fail(serverMessage(err, 'We could not prepare your agreement. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ErrorBanner {...failure.banner} />
      <p>
        <button
          type="button"
          className="link-button"
          aria-disabled={busy || undefined}
          onClick={() => void retrieve()}
        >
          Retrieve contract
        </button>{' '}
        (your signed loan agreement, a PDF)
      </p>
    </>
  );
}
