import { BRAND, telHref } from '@lender/contract/brand';
import { useId } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Page } from '../../components/page';
import { serverMessage } from '../../lib/api-client';
import { useLoanStateDrawn } from '../../components/loan-state/loan-state-banner';
import { useLoanState } from '../../lib/api/get-loan-state';
import { QueryProvider } from '../../lib/query';

import { displayDate, money, moneyOrBlank } from './borrow-format';
import { DownloadStatement } from './download-statement';
import { BorrowTable, Fact, type Column } from './borrow-table';
import { useScheduleSummary, type ScheduleSummary } from './get-schedule-summary';
import type { PaidReceipt } from './card-payment';
import { NamedFigures } from './named-figures';
import { PaymentAuthority } from './payment-authority';
import { RetrieveContract } from './retrieve-contract';
import { noticeOf } from './schedule-notice';
import './borrow.css';

const HEADING = 'Repayment schedule';

export function Component() {
  return (
    <QueryProvider>
      <SchedulePage />
    </QueryProvider>
  );
}

/**
 * Spec sections 2 and 8, borrow/schedule: the pay plan, the transactions, and the two ways to pay. A
 * refused read says the server's message as plain text (an HTTP failure has already gone to /error).
 */
function SchedulePage() {
  const schedule = useScheduleSummary();
  // Where the loan stands is drawn above the schedule: the schedule waits for it rather than be pushed down when it
  // comes (issue 50: no layout shift).
  const bannerDrawn = useLoanStateDrawn();
  const notice = noticeOf(useLocation().state);

  if (schedule.isError) {
    return (
      <Page heading={HEADING}>
        <p className="borrow__fetch-error">{serverMessage(schedule.error)}</p>
      </Page>
    );
  }
  if (!schedule.data || !bannerDrawn) {
    return (
      <Page heading={HEADING}>
        <div aria-busy="true">
          <p className="visually-hidden">Loading your repayment schedule…</p>
        </div>
      </Page>
    );
  }
  const data = schedule.data;
  // Paid out and not yet repaid: the only loans there is anything to pay on.
  const payable = Boolean(data.fundedDate) && !data.settledDate;
  return (
    <Page heading={HEADING}>
      {notice ? (
        <div className="banner banner--success" role="status">
          <p className="borrow-notice__line">{notice.notice}</p>
          {notice.detail ? <p className="borrow-notice__line">{notice.detail}</p> : null}
          {notice.receipt ? <PaymentReceipt receipt={notice.receipt} figures={data.figures} /> : null}
        </div>
      ) : null}
      <Facts schedule={data} />
      {payable ? (
        <PayActions blocked={data.blocked} />
      ) : (
        <p className="borrow__empty">No payments for this application</p>
      )}
      {payable ? (
        <PaymentAuthority
          cancelled={data.cpaCancelled}
          blocked={data.blocked}
          next={data.nextInstalment}
          otherMeans={data.paidByOtherMeans}
        />
      ) : null}
      <BorrowTable
        title="Payment plan"
        empty={
          <>
            <span>There is no active pay plan, please contact our dedicated priority line</span> on{' '}
            <a href={telHref(BRAND.priorityLine)}>{BRAND.priorityLine}</a>.
          </>
        }
        columns={PLAN_COLUMNS}
        rows={data.schedule}
      />
      <BorrowTable
        title="Transactions"
        empty="No transactions yet"
        columns={TRANSACTION_COLUMNS}
        rows={data.transactions}
      />
      {payable ? <BankTransfer appID={data.appID} /> : null}
      {payable ? <DownloadStatement /> : null}
    </Page>
  );
}

/**
 * After a card payment (issue 45 item 10), under the spec's 'Payment has been successfully proccessed':
 * what was paid, by which card and when (the server's receipt), then the loan's figures as the schedule
 * now reads them from the server (after the new plan, when one came with the payment).
 */
function PaymentReceipt({ receipt, figures }: { receipt: PaidReceipt; figures: ScheduleSummary['figures'] }) {
  return (
    <>
      <h2 className="borrow-notice__line">Your receipt</h2>
      <dl className="borrow-facts">
        <Fact term="Amount paid">{money(receipt.amount)}</Fact>
        {receipt.cardLast4 ? <Fact term="Card">Ending {receipt.cardLast4}</Fact> : null}
        <Fact term="Date">{displayDate(receipt.date)}</Fact>
      </dl>
      {figures ? (
        <NamedFigures figures={figures} />
      ) : (
        <p className="borrow-notice__line">Your loan is now repaid in full.</p>
      )}
    </>
  );
}

/** The loan at a glance, and its agreement. */
function Facts({ schedule }: { schedule: ScheduleSummary }) {
  return (
    <>
      <dl className="borrow-facts">
        <Fact term="Status">{schedule.appStatus}</Fact>
        <Fact term="Amount approved">{money(schedule.approvedAmount)}</Fact>
        <Fact term="Paid out on">{displayDate(schedule.fundedDate) || 'Not paid out yet'}</Fact>
        {schedule.settledDate ? <Fact term="Repaid on">{displayDate(schedule.settledDate)}</Fact> : null}
      </dl>
      {/* The spec's totalDue is the first of them: 'To clear your loan today' (issue 45). */}
      {schedule.figures ? <NamedFigures figures={schedule.figures} /> : null}
      <RetrieveContract appID={schedule.appID} />
    </>
  );
}

/**
 * 'Make a payment' (the screen's one primary action) and 'Re schedule'. A blocked loan's card is not
 * active: a payment is still possible (issue 45: once by a card not kept, or by bank transfer), and so is
 * a new plan, paid by other means with no card (issue 46 item 7); the notice says how to add a card.
 */
function PayActions({ blocked }: { blocked: boolean }) {
  const navigate = useNavigate();
  const noticeId = useId();
  const withdrawnId = useId();
  // After notice of withdrawal the loan is repaid in one payment (s66A(9)): the server refuses a plan.
  const withdrawing = useLoanState().data?.state === 'withdrawing';
  const describedBy = withdrawing ? withdrawnId : blocked ? noticeId : '';
  return (
    <div className="borrow__section">
      {blocked ? (
        <p className="banner borrow-notice" id={noticeId}>
          Your Card on the system is not active.{' '}
          <Link to="/borrow/update-card">Press here to add a new Card</Link>
        </p>
      ) : null}
      {withdrawing ? (
        <p id={withdrawnId}>
          You have withdrawn from this agreement, so it is repaid in one payment: it cannot have a new plan.
        </p>
      ) : null}
      <div className="borrow-actions">
        <button type="button" className="button" onClick={() => void navigate('/borrow/payment')}>
          Make a payment
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={withdrawing}
          aria-describedby={describedBy || undefined}
          onClick={() => void navigate('/borrow/payment?reschedule=true')}
        >
          Re schedule
        </button>
      </div>
    </div>
  );
}

type Instalment = ScheduleSummary['schedule'][number];

const PLAN_COLUMNS: readonly Column<Instalment>[] = [
  { header: 'Due date', cell: (r) => displayDate(r.paymentDate) },
  { header: 'Principal', cell: (r) => money(r.principal), numeric: true },
  { header: 'Interest', cell: (r) => money(r.interest), numeric: true },
  { header: 'Payment', cell: (r) => money(r.pmt), numeric: true, lead: true },
  { header: 'Status', cell: (r) => (r.isPayed ? 'Paid' : 'Due'), lead: true },
];

type Transaction = ScheduleSummary['transactions'][number];

const TRANSACTION_COLUMNS: readonly Column<Transaction>[] = [
  { header: 'Date', cell: (t) => displayDate(t.createDate) },
  { header: 'Type', cell: (t) => t.transactionType },
  { header: 'Paid', cell: (t) => moneyOrBlank(t.creditAmount), numeric: true },
  { header: 'Added to balance', cell: (t) => moneyOrBlank(t.debitAmount), numeric: true },
];

/** Spec section 1: the fixed text block for paying by bank transfer instead of by card. */
function BankTransfer({ appID }: { appID: number }) {
  const headingId = useId();
  return (
    <section className="borrow__section" aria-labelledby={headingId}>
      <h2 id={headingId}>Paying by bank transfer</h2>
      <p>You can also pay by bank transfer to this account. Please use your loan number as the reference.</p>
      <dl className="borrow-facts">
        <Fact term="Bank">{BRAND.repaymentAccount.bankName}</Fact>
        <Fact term="Account name">{BRAND.repaymentAccount.accountName}</Fact>
        <Fact term="Sort code">{BRAND.repaymentAccount.sortCode}</Fact>
        <Fact term="Account number">{BRAND.repaymentAccount.accountNumber}</Fact>
        <Fact term="Reference">{appID}</Fact>
      </dl>
    </section>
  );
}
