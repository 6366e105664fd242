import { FIGURE_NAMES } from '@lender/contract/figure-names';
import { Msg } from '@lender/contract/rules/messages';
import {
  isEsignStatus,
  LIVE_LOAN_STATUSES,
  resumePathFor,
  resumeRouteFor,
  ResumeRoute,
} from '@lender/contract/status';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorBanner, useErrorBanner } from '../../components/form/error-banner';
import { CheckboxField } from '../../components/form/field';
import { Page } from '../../components/page';
import { ApiCallError, serverMessage } from '../../lib/api-client';
import { useLoanStateDrawn } from '../../components/loan-state/loan-state-banner';
import { useLoanState } from '../../lib/api/get-loan-state';
import { handOverToSigning } from '../../lib/hand-over-to-signing';
import { QueryProvider } from '../../lib/query';
import { ArrearsHelp } from './arrears-help';
import { displayDate, money } from './borrow-format';
import { BorrowTable, Fact, type Column } from './borrow-table';
import { DownloadSummary } from './download-summary';
import { useBorrowingSummary, type BorrowingSummary } from './get-borrowing-summary';
import { useScheduleSummaryExtra } from './get-schedule-summary';
import { useWithdrawal } from './get-withdrawal';
import { NextPayment } from './next-payment';
import { WithdrawalSection } from './withdrawal-section';
import '../../components/form/form.css';
import './borrow.css';

const HEADING = 'Application/Loan status';

/** The spec's -1: no application of this customer has been paid out. */
const NEVER_FUNDED = -1;

export function Component() {
  return (
    <QueryProvider>
      <BorrowPage />
    </QueryProvider>
  );
}

/**
 * Whether a failed load still needs the error page (spec section 8, as the account area): the API client
 * has already sent a 401 to login and a 503 to maintenance; a refusal with an errorID (HTTP 200) is the
 * spec's 'error with an errorID'.
 */
const needsErrorPage = (err: unknown) =>
  !(err instanceof ApiCallError && (err.status === 401 || err.status === 503));

/** Spec section 2, 'Application/Loan status': where the application or loan stands, and the last 12 months. */
function BorrowPage() {
  const summary = useBorrowingSummary();
  // Where the loan stands is drawn above the figures (signed-in-area.tsx), and for a loan being repaid the
  // next payment and the help in arrears depend on its card and its withdrawal: the page waits for all of
  // them rather than be pushed down as each arrives (issue 50: no layout shift). The reads start together
  // (lib/first-reads.ts), and the page asks for all of them at once too, not for the extras only once the
  // summary says the loan is live: that was a round of reads and renders more before any figure. For
  // a customer with no loan being repaid they are answered and not used. An extra that fails leaves its
  // part out, as before.
  const bannerDrawn = useLoanStateDrawn();
  const live = summary.data !== undefined && LIVE_LOAN_STATUSES.includes(summary.data.appStatusID);
  const card = useScheduleSummaryExtra(true);
  const withdrawal = useWithdrawal(true);
  const navigate = useNavigate();
  const failed = summary.isError && needsErrorPage(summary.error);

  useEffect(() => {
    if (failed) void navigate('/error', { replace: true });
  }, [failed, navigate]);

  if (!summary.data || !bannerDrawn || (live && (card.isPending || withdrawal.isPending))) {
    return (
      <Page heading={HEADING}>
        <div aria-busy="true">
          <p className="visually-hidden">Loading your borrowing summary…</p>
        </div>
      </Page>
    );
  }
  const data = summary.data;
  return (
    <Page heading={HEADING}>
      <div className="borrow">
        <div className="borrow__side">
          <LoanStatus summary={data} />
          {data.lastFundedAppID !== NEVER_FUNDED ? <DownloadSummary /> : null}
        </div>
        <div className="borrow__main">
          <ArrearsHelp summary={data} />
          <NextPayment summary={data} />
          <WithdrawalSection statusId={data.appStatusID} />
          {data.canRepeat ? <RepeatLoan /> : null}
          <TwelveMonths rows={data.sobRep3} />
          <RecentLoan loans={data.sobRep4} />
          <BorrowTable
            title="Payments due"
            empty="No payments due"
            columns={PAYMENT_COLUMNS}
            rows={data.sobRep1}
          />
          <BorrowTable
            title="Payments made"
            empty="No payments made yet"
            columns={PAYMENT_COLUMNS}
            rows={data.sobRep2}
          />
        </div>
      </div>
    </Page>
  );
}

/**
 * The status, a link when it has a screen to go on to (spec section 4's status routes), and its message.
 * A signature that is waiting happens signed out (spec sections 4 and 6, 'Borrow status link'): its link
 * hands the person over to e-sign first, with a signing link of this browser's own.
 */
function LoanStatus({ summary }: { summary: BorrowingSummary }) {
  const headingId = useId();
  const navigate = useNavigate();
  const failure = useErrorBanner();
  const [handingOver, setHandingOver] = useState(false);
  const { appStatusID, appGuid, loanStatus, loanStatusMessage } = summary;
  // A loan paid out has its state's line in the banner under the heading (the same words): said once.
  const bannerSaysIt = (useLoanState().data?.state ?? 'none') !== 'none';
  const path = resumePathFor(appStatusID, appGuid);

  const signNow = async () => {
    if (handingOver) return;
    setHandingOver(true);
    failure.clear();
    try {
      void navigate(await handOverToSigning(), { replace: true });
    } catch (err) {
      setHandingOver(false);
      failure.fail(serverMessage(err));
    }
  };

  let status;
  if (resumeRouteFor(appStatusID) === ResumeRoute.home) {
    status = loanStatus;
  } else if (isEsignStatus(appStatusID)) {
    status = (
      <a
        href={path}
        onClick={(event) => {
          event.preventDefault();
          void signNow();
        }}
      >
        {loanStatus}
      </a>
    );
  } else {
    status = <Link to={path}>{loanStatus}</Link>;
  }

  return (
    <section className="card borrow-status" aria-labelledby={headingId}>
      <h2 id={headingId}>Your application or loan</h2>
      <ErrorBanner {...failure.banner} />
      <p className="borrow-status__name">
        Status: <strong>{status}</strong>
      </p>
      {bannerSaysIt ? null : <p className="borrow-status__message">{loanStatusMessage}</p>}
    </section>
  );
}

/**
 * A repeat loan (spec sections 2 and 5): allowed once the last application has ended (canRepeat), after
 * the person confirms their circumstances. Apply Now stays unavailable until the box is ticked; it is
 * aria-disabled rather than disabled, so it can still be reached and pressed, and pressing it says why
 * nothing happens ('Please tick the box first.', the spec's message) instead of doing nothing silently.
 */
function RepeatLoan() {
  const headingId = useId();
  const navigate = useNavigate();
  const box = useRef<HTMLInputElement>(null);
  const [ticked, setTicked] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!ticked) {
      setError(Msg.tickFirst);
      box.current?.focus();
      return;
    }
    void navigate('/borrow/apply');
  };

  return (
    <section className="borrow__section borrow-repeat" aria-labelledby={headingId}>
      <h2 id={headingId}>Apply for a new loan</h2>
      <p>You can apply for a new loan. Your details are filled in from your last loan.</p>
      <form className="form" noValidate onSubmit={apply}>
        <CheckboxField
          label="I confirm my circumstances have not changed since my last application"
          error={error}
          summaryName="Confirmation that nothing has changed"
        >
          {(a11y) => (
            <input
              {...a11y}
              ref={box}
              type="checkbox"
              checked={ticked}
              onChange={(event) => {
                setTicked(event.target.checked);
                if (event.target.checked) setError(undefined);
              }}
            />
          )}
        </CheckboxField>
        <button type="submit" className="button" aria-disabled={!ticked || undefined}>
          Apply Now
        </button>
      </form>
    </section>
  );
}

type Payment = BorrowingSummary['sobRep1'][number];

const PAYMENT_COLUMNS: readonly Column<Payment>[] = [
  { header: 'Date', cell: (p) => displayDate(p.date) },
  { header: 'Description', cell: (p) => p.description },
  { header: 'Amount', cell: (p) => money(p.amount), numeric: true },
];

type Totals = BorrowingSummary['sobRep3'][number];

/**
 * sobRep3: what the person borrowed in the last 12 months and what it cost them, as a summary list (one
 * set of totals reads better as label and value than as a seven-column table, and needs no scrolling).
 * The cost is what the ledger has charged so far, beside the interest the agreements priced (issue 45):
 * on the day of payout it is nothing, which 'Total cost of borrowing' made read as a free loan.
 */
function TwelveMonths({ rows }: { rows: readonly Totals[] }) {
  const headingId = useId();
  const totals = rows.filter((t) => t.cnt > 0);
  return (
    <section className="borrow__section" aria-labelledby={headingId}>
      <h2 id={headingId}>Your borrowing in the last 12 months</h2>
      {totals.length === 0 ? (
        <p className="borrow__empty">You have not borrowed from us in the last 12 months.</p>
      ) : null}
      {totals.map((t, k) => (
        <dl className="borrow-facts" key={k}>
          <Fact term="Loans">{t.cnt}</Fact>
          <Fact term="Borrowed">{money(t.amount)}</Fact>
          <Fact term={FIGURE_NAMES.contractInterest}>{money(t.contractInterest)}</Fact>
          <Fact term="Interest charged so far">{money(t.actualInterest)}</Fact>
          <Fact term="Default interest so far">{money(t.defaultInterest)}</Fact>
          <Fact term="Fees charged so far">{money(t.charge)}</Fact>
          <Fact term={FIGURE_NAMES.chargedSoFar}>{money(t.borrowingCost)}</Fact>
        </dl>
      ))}
    </section>
  );
}

type Loan = BorrowingSummary['sobRep4'][number];

/** sobRep4: the most recent loan, as a summary list (it reads at 360 px without scrolling). */
function RecentLoan({ loans }: { loans: readonly Loan[] }) {
  const headingId = useId();
  return (
    <section className="borrow__section" aria-labelledby={headingId}>
      <h2 id={headingId}>Your most recent loan</h2>
      {loans.length === 0 ? <p className="borrow__empty">You have no loans with us yet.</p> : null}
      {loans.map((loan) => (
        <dl className="borrow-facts" key={loan.appID}>
          <Fact term="Paid out on">{displayDate(loan.fundedDate)}</Fact>
          <Fact term="Type of loan">{loan.loanType}</Fact>
          <Fact term="Amount borrowed">{money(loan.amount)}</Fact>
          <Fact term="Number of instalments">{loan.approvedPeriod}</Fact>
          <Fact term="Length of loan">
            {loan.days} {loan.days === 1 ? 'day' : 'days'}
          </Fact>
          <Fact term={FIGURE_NAMES.contractInterest}>{money(loan.contractInterest)}</Fact>
          <Fact term="Interest charged so far">{money(loan.actualInterest)}</Fact>
          <Fact term="Default interest so far">{money(loan.defaultInterest)}</Fact>
          <Fact term="Fees charged so far">{money(loan.charge)}</Fact>
          <Fact term={FIGURE_NAMES.chargedSoFar}>{money(loan.borrowingCost)}</Fact>
          {/* sobRep4's totalDue is the settlement figure: named as everywhere else (issue 45). */}
          <Fact term={FIGURE_NAMES.toClearToday}>{money(loan.totalDue)}</Fact>
        </dl>
      ))}
    </section>
  );
}
