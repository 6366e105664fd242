import type { DocumentListItem } from '@lender/contract/calls/document';
import { formatDisplayDate } from '@lender/contract/dates';
import { useState } from 'react';
import { serverMessage } from '../../lib/api-client';
import { useDeleteDocument } from '../../lib/api/delete-document';
import { downloadDocument } from '../../lib/api/get-download-link';
import { ConfirmDialog } from '../dialog/confirm-dialog';
import { ErrorBanner, useErrorBanner } from '../form/error-banner';
import './documents.css';

const KIND_OF = (type: string) =>
  type === 'application/pdf' ? 'PDF' : type === 'image/png' ? 'PNG image' : 'JPEG image';

/** Who made it: the title already names what it is (an upload's title is its category). */
const ORIGIN: Record<DocumentListItem['kind'], string> = {
  upload: 'Uploaded by you',
  reply: 'Sent by you',
  agreement: 'Signed by you',
  summary: 'From us',
  letter: 'From us',
};

type Props = {
  documents: readonly DocumentListItem[];
  /** Said when there is nothing to list. */
  empty: string;
};

/**
 * A customer's documents, newest first: what each is, its category and date, a Download button (a
 * single-use link, asked for on each press) and, for their own uploads, Delete after a confirmation.
 */
export function DocumentsList({ documents, empty }: Props) {
  const failure = useErrorBanner();
  const remove = useDeleteDocument();
  const [downloading, setDownloading] = useState<number | null>(null);

  const download = async (d: DocumentListItem) => {
    if (downloading !== null) return;
    failure.clear();
    setDownloading(d.documentSourceID);
    try {
      await downloadDocument(d.documentSourceID);
    } catch (err) {
      failure.fail(serverMessage(err, 'We could not prepare the document. Please try again.'));
    } finally {
      setDownloading(null);
    }
  };

  if (documents.length === 0) return <p className="documents__empty">{empty}</p>;
  return (
    <>
      <ErrorBanner {...failure.banner} />
      <ul className="documents" aria-label="Your documents">
        {documents.map((d) => {
          const named = `${d.title}, ${formatDisplayDate(d.date)}`;
          return (
            <li key={d.documentSourceID} className="documents__item">
              <div className="documents__text">
                <span className="documents__title">{d.title}</span>
                <span className="documents__meta">
                  {ORIGIN[d.kind]} · {formatDisplayDate(d.date)} · {KIND_OF(d.contentType)}
                </span>
              </div>
              <div className="documents__actions">
                <button
                  type="button"
                  className="link-button"
                  aria-disabled={downloading === d.documentSourceID || undefined}
                  onClick={() => void download(d)}
                >
                  Download<span className="visually-hidden"> {named}</span>
                </button>
                {d.canDelete ? (
                  <ConfirmDialog
                    title="Delete this document?"
                    openLabel={
                      <>
                        Delete<span className="visually-hidden"> {named}</span>
                      </>
                    }
                    openClassName="link-button documents__delete"
                    confirmLabel="Yes, delete it"
                    busyLabel="Deleting…"
                    cancelLabel="Keep it"
                    onConfirm={async () => {
                      await remove.mutateAsync(d.documentSourceID);
                    }}
                    errorOf={(err) =>
                      serverMessage(err, 'We could not delete the document. Please try again.')
                    }
                  >
                    <p>
                      {d.title}, uploaded on {formatDisplayDate(d.date)}, will be deleted. We will no longer
                      have it.
                    </p>
                  </ConfirmDialog>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
