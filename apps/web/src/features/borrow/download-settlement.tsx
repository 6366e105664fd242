import { useId } from 'react';
import { DownloadDocument } from './download-document';
import { useSettlementLink } from './get-settlement-link';

/**
 * The settlement statement (Consumer Credit Act s97, the Early Settlement Regulations 2004): what would
 * repay the loan in full today and on each of the next 28 days, and the instalments still due; a PDF in
 * a new tab, as the borrow page's summary. Below the wizard, whose button stays the page's one action.
 */
export function DownloadSettlement() {
  const headingId = useId();
  return (
    <section className="borrow__section payment-settlement" aria-labelledby={headingId}>
      <h2 id={headingId}>Paying off your loan early</h2>
      <p>
        You can repay your loan in full at any time, with no fee: you pay interest only up to the day you pay.
      </p>
      <DownloadDocument
        label="Download settlement statement"
        hint="What you would pay to settle your loan today and on each of the next 28 days, and the payments still due. Opens in a new tab."
        noun="settlement statement"
        link={useSettlementLink()}
      />
    </section>
  );
}
