import { AppStatus, LIVE_LOAN_STATUSES } from '@lender/contract/status';
import { useId } from 'react';
import { Link } from 'react-router';
import { isOverdue } from './arrears-help';
import type { BorrowingSummary } from './get-borrowing-summary';
import { NamedFigures } from './named-figures';
import { useScheduleSummaryExtra } from './get-schedule-summary';
import { useWithdrawal } from './get-withdrawal';

/** In arrears (the help above says what is overdue, with 'Pay now' as the page's primary action). */
const BEHIND: readonly number[] = [AppStatus.arrears, AppStatus.defaulted];

/**
 * A loan being repaid, on the borrow page (issue 45): the next payment, amount and date, what clears the
 * loan today and what is left on the plan (the server's named figures), and 'Make a payment', so that
 * paying needs no detour through the schedule. A blocked card shows the spec's card-inactive notice and
 * its link above the button: it still pays once, without a new authority. Nothing for a loan the customer has withdrawn
 * from: its own section says what to repay.
 */
export function NextPayment({ summary }: { summary: BorrowingSummary }) {
  const headingId = useId();
  const live = LIVE_LOAN_STATUSES.includes(summary.appStatusID);
  // The same reads as the help in arrears (shared by the query cache): whether the card is blocked.
  const schedule = useScheduleSummaryExtra(live);
  const withdrawal = useWithdrawal(live);
  if (!live || schedule.isPending || withdrawal.isPending || withdrawal.data?.notice) return null;

  const behind = BEHIND.includes(summary.appStatusID) || summary.sobRep1.some(isOverdue);
  return (
    <section className="borrow__section" aria-labelledby={headingId}>
      <h2 id={headingId}>Your next payment</h2>
      {summary.figures?.nextPayment ? null : <p>No further payments are planned.</p>}
      {/* The server's figures under their names (issue 45); what is overdue is the help's, above. */}
      {summary.figures ? (
        <NamedFigures
          figures={summary.figures}
          names={
            summary.figures.nextPayment
              ? ['nextPayment', 'toClearToday', 'leftOnPlan']
              : ['toClearToday', 'leftOnPlan']
          }
        />
      ) : null}
      {schedule.data?.blocked ? (
        <p className="banner borrow-notice">
          Your Card on the system is not active.{' '}
          <Link to="/borrow/update-card">Press here to add a new Card</Link>
        </p>
      ) : null}
      {/* A blocked card still pays, once (issue 45): the payment page says how. */}
      <p>
        <Link to="/borrow/payment" className={behind ? 'button button--secondary' : 'button'}>
          Make a payment
        </Link>
      </p>
    </section>
  );
}
