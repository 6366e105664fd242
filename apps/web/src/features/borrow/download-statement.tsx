import type { CallResponse } from '@lender/contract/api-calls';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { callApi } from '../../lib/api-client';
import { DownloadDocument } from './download-document';

/** MyAccountArea/StatementLink (issue 46 item 9): a single-use DownloadStatement address. */
const getStatementLink = (): Promise<CallResponse<'statementLink'>> =>
  callApi('statementLink', undefined, { loaderMessage: 'Preparing your statement of account.' });

/**
 * The statement of account a customer may ask for at any time (Consumer Credit Act s77B): each
 * instalment still owing with its date, amount, capital, interest and charges, and each payment the
 * customer made with what it paid (the s97A statement of a part payment); a PDF in a new tab, as the
 * settlement statement. Below the schedule's tables, so the page's one action stays 'Make a payment'.
 */
export function DownloadStatement() {
  const headingId = useId();
  const link = useMutation({ mutationFn: getStatementLink });
  return (
    <section className="borrow__section" aria-labelledby={headingId}>
      <h2 id={headingId}>Statement of account</h2>
      <DownloadDocument
        label="Download statement of account"
        hint="Each payment still owing, with how much of it is capital, interest and charges, and what each payment you made yourself paid off. Free, whenever you ask. Opens in a new tab."
        noun="statement of account"
        link={link}
      />
    </section>
  );
}
