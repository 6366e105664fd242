import { DownloadDocument } from './download-document';
import { useSobLink } from './get-sob-link';

/** 'Download Summary' (spec section 2): the summary of borrowing opens in a new tab. */
export function DownloadSummary() {
  return (
    <DownloadDocument
      label="Download Summary"
      hint="Your borrowing over the last 12 months, as a document. Opens in a new tab."
      noun="summary"
      link={useSobLink()}
    />
  );
}
