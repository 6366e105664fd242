import { BRAND, FREE_DEBT_ADVICE } from '@lender/contract/brand';
import type { PreClaim } from '@lender/contract/calls/pre-claim';
import { formatDisplayDate } from '@lender/contract/dates';
import { ErrorId } from '@lender/contract/error-ids';
import { formatPence, poundsToPence } from '@lender/contract/money';
import { useState } from 'react';
import { Disclosure } from '../../components/disclosure';
import { DocumentsList } from '../../components/documents/documents-list';
import { UploadDocumentForm } from '../../components/documents/upload-document-form';
import { ErrorBanner, useErrorBanner } from '../../components/form/error-banner';
import { Page } from '../../components/page';
import { SuccessPanel } from '../../components/success-panel';
import { StackedTable, type StackedColumn } from '../../components/table/stacked-table';
import { ApiCallError, serverMessage } from '../../lib/api-client';
import { useDocuments } from '../../lib/api/get-documents';
import { downloadDocument } from '../../lib/api/get-download-link';
import { QueryProvider } from '../../lib/query';
import { usePreClaim } from './get-pre-claim';
import { ReplyForm } from './reply-form';
import '../../components/form/form.css';
import './pre-claim.css';

const pounds = (amount: number) => formatPence(poundsToPence(amount));

type StatementLine = PreClaim['statement'][number];

/** The statement of account: on a phone each line a block, its date first (issue 45: it hid amounts). */
const STATEMENT_COLUMNS: readonly StackedColumn<StatementLine>[] = [
  { header: 'Date', cell: (l) => formatDisplayDate(l.date) },
  { header: 'What happened', cell: (l) => l.description },
  { header: 'Added', cell: (l) => (l.added ? pounds(l.added) : ''), numeric: true },
  { header: 'Paid', cell: (l) => (l.paid ? pounds(l.paid) : ''), numeric: true },
  { header: 'Balance', cell: (l) => pounds(l.balance), numeric: true },
];

export function Component() {
  return (
    <QueryProvider>
      <Page heading="Pre Claim" narrow>
        <PreClaimArea />
      </Page>
    </QueryProvider>
  );
}

/**
 * The pre-claim area of an account flagged legal (issue 28, Pre-Action Protocol for Debt Claims): the
 * Letter of Claim in plain words with its PDF, the statement of account, the Information Sheet, the Reply
 * Form with the Financial Statement, and documents to send with it.
 */
function PreClaimArea() {
  const area = usePreClaim();
  if (area.isError) {
    const closed = area.error instanceof ApiCallError && area.error.error.errorID === ErrorId.preClaimClosed;
    return (
      <p className="banner banner--info">
        {closed
          ? serverMessage(area.error)
          : `We could not load your letter just now. Please try again, or call us on ${BRAND.supportPhone}.`}
      </p>
    );
  }
  if (!area.data) return <p aria-busy="true">Loading your letter…</p>;
  const { letter, reply } = area.data;
  if (!letter) {
    return (
      <p className="banner banner--info">
        We are preparing a letter about your account. We will e-mail you when it is here. Questions:{' '}
        {BRAND.supportPhone}.
      </p>
    );
  }
  return (
    <>
      <LetterSummary area={area.data} letter={letter} />
      {reply ? (
        <SuccessPanel heading="We have your reply">
          <p>
            You replied on {formatDisplayDate(reply.submittedOn)}. We will not take any further step before{' '}
            {formatDisplayDate(reply.noClaimBefore)}, and not before someone here has read your reply and
            contacted you.
          </p>
          <DownloadButton id={reply.documentSourceID} label="Download your reply" />
        </SuccessPanel>
      ) : (
        <ReplyForm replyBy={letter.replyBy} figures={area.data.applicationFigures} />
      )}
      <Evidence />
      <section aria-labelledby="help-heading">
        <h2 id="help-heading">Free help</h2>
        <p>Free, confidential debt advice:</p>
        <ul>
          {FREE_DEBT_ADVICE.map((a) => (
            <li key={a.name}>
              <a href={a.url} target="_blank" rel="noopener noreferrer">
                {a.name}
              </a>
              , {a.phone}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function LetterSummary({ area, letter }: { area: PreClaim; letter: NonNullable<PreClaim['letter']> }) {
  return (
    <section aria-labelledby="letter-heading" className="pre-claim__letter">
      <h2 id="letter-heading">Our Letter of Claim of {formatDisplayDate(letter.issuedOn)}</h2>
      <p className="banner banner--info">
        We are considering court action to recover what you owe. Please reply by{' '}
        <strong>{formatDisplayDate(letter.replyBy)}</strong>: we would rather agree a way to repay that you
        can afford.
      </p>
      <dl className="pre-claim__facts">
        <div>
          <dt>Amount owed</dt>
          <dd>{pounds(letter.amountOwed)}</dd>
        </div>
        <div>
          <dt>Interest and charges</dt>
          <dd>
            {letter.interestContinues
              ? `Interest continues, about ${pounds(letter.dailyInterest)} a day`
              : 'No further interest or charges are being added'}
          </dd>
        </div>
        <div>
          <dt>Agreement</dt>
          <dd>
            Number {letter.agreementNumber}, made on {formatDisplayDate(letter.agreementDate)} between{' '}
            {letter.lender} and {letter.borrower}, for {pounds(letter.amountBorrowed)}
          </dd>
        </div>
        <div>
          <dt>How to pay</dt>
          <dd>
            Make a payment in your account, or by bank transfer to {letter.payTo.accountName}, sort code{' '}
            {letter.payTo.sortCode}, account {letter.payTo.accountNumber}, reference {letter.payTo.reference}
          </dd>
        </div>
        <div>
          <dt>Where to reply</dt>
          <dd>
            Online on this page, or by post to {letter.replyAddress}, or by e-mail to {letter.replyEmail}
          </dd>
        </div>
      </dl>
      <DownloadButton id={letter.documentSourceID} label="Download the letter (PDF)" />
      <Disclosure summary="Statement of account">
        <StackedTable label="Statement of account" columns={STATEMENT_COLUMNS} rows={area.statement} />
      </Disclosure>
      <Disclosure summary="Information Sheet: what this letter means">
        <ul>
          <li>
            You have 30 days from the date of the letter to reply. Please do: it is the best way to stop
            things going further.
          </li>
          <li>
            If you owe the money but cannot pay it all now, tell us what you can afford each month and fill in
            the Financial Statement.
          </li>
          <li>
            If you do not agree you owe it, or not all of it, say why. You can ask for copies of documents
            first.
          </li>
          <li>If you are getting debt advice, say so: we will wait at least 30 more days.</li>
          <li>
            If you do not reply, we may start court proceedings, and a judgment could make it harder and more
            expensive to borrow.
          </li>
        </ul>
      </Disclosure>
    </section>
  );
}

/** A document's download: a single-use link asked for on the press, then saved by the browser. */
function DownloadButton({ id, label }: { id: number; label: string }) {
  const failure = useErrorBanner();
  const [busy, setBusy] = useState(false);
  return (
    <p>
      <ErrorBanner {...failure.banner} />
      <button
        type="button"
        className="link-button pre-claim__download"
        aria-disabled={busy || undefined}
        onClick={() => {
          if (busy) return;
          failure.clear();
          setBusy(true);
          downloadDocument(id)
            .catch((err: unknown) =>
              failure.fail(serverMessage(err, 'We could not prepare the document. Please try again.')),
            )
            .finally(() => setBusy(false));
        }}
      >
        {label}
      </button>
    </p>
  );
}

/** Documents to send with the reply: payslips, statements, letters; the ones sent are listed. */
function Evidence() {
  const documents = useDocuments();
  const uploads = documents.data?.documents.filter((d) => d.kind === 'upload') ?? [];
  return (
    <section aria-labelledby="evidence-heading">
      <h2 id="evidence-heading">Send us documents</h2>
      <p>
        Payslips, bank statements or letters that support your reply. You can send them before or after it.
      </p>
      <DocumentsList documents={uploads} empty="You have not sent us any documents yet." />
      <UploadDocumentForm uploadsLeft={documents.data?.uploadsLeft ?? 1} secondary />
    </section>
  );
}
