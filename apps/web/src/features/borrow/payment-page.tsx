import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorBanner } from '../../components/form/error-banner';
import { Page } from '../../components/page';
import { serverMessage } from '../../lib/api-client';
import { cardProviderSettingsQuery } from '../../lib/card-check/card-provider-settings';
import { goToChallenge } from '../../lib/card-check/go-to-challenge';
import { useChallengeReturn } from '../../lib/card-check/use-challenge-return';
import { QueryProvider } from '../../lib/query';
import { pendingPayment, planNotMade, sendPayment, type PaymentOutcome } from './card-payment';
import { refusalMessage } from './card-refusal';
import { DownloadSettlement } from './download-settlement';
import { useScheduleSummary } from './get-schedule-summary';
import { totalDueKey, useTotalDue } from './get-total-due';
import { PaymentWizard, type ChallengeRefusal } from './payment-wizard';
import { scheduleNotice, SUCCESS } from './schedule-notice';
import '../../components/form/form.css';
import './borrow.css';
import { cardRefusal } from '../../components/card/card-refusal-notice';

const HEADING = 'Make a payment';
/** `?reschedule` is the plan alone, nothing paid: headed as what it is (issue 45), not 'Make a payment'. */
const RESCHEDULE_HEADING = 'Change your payment plan';

export function Component() {
  return (
    <QueryProvider>
      <PaymentPage />
    </QueryProvider>
  );
}

const backToSchedule = (
  <p>
    <Link to="/borrow/schedule">Back to your repayment schedule</Link>
  </p>
);

/**
 * borrow/payment (spec sections 2, 4 and 8): the card payment and reschedule wizard, for a loan paid out
 * and not yet repaid whose card is active (a blocked loan pays nothing until a new card is added), and
 * the loan's settlement statement. Back from the bank's challenge the kept attempt is sent again under
 * its idempotency key; a refusal restarts the wizard at the card with the new-card option.
 */
function PaymentPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const rescheduleOnly = params.has('reschedule');
  const schedule = useScheduleSummary();
  const total = useTotalDue();
  // Read early so that paying with a new card does not wait for it.
  useQuery(cardProviderSettingsQuery);
  const [refused, setRefused] = useState<{ count: number; refusal: ChallengeRefusal } | null>(null);

  useChallengeReturn(true, {
    pending: pendingPayment,
    resend: sendPayment,
    onAnswer: (outcome: PaymentOutcome) => {
      if (outcome.redirectUrl !== null) return goToChallenge(outcome.redirectUrl, pendingPayment.clear);
      void navigate('/borrow/schedule', {
        state: scheduleNotice(SUCCESS.payment, planNotMade(outcome.planError), outcome.receipt),
      });
    },
    onFailure: (err, cardRefused, attempt) =>
      setRefused((r) => ({
        count: (r?.count ?? 0) + 1,
        refusal: { message: cardRefused ? cardRefusal(cardRefused) : refusalMessage(err), attempt },
      })),
  });

  let body: ReactNode;
  let wizard = false;
  // A loan still owed: its settlement statement can be had even while its card is blocked.
  let owed = false;
  const failed = schedule.isError ? schedule.error : total.isError ? total.error : null;
  if (failed) {
    body = <p className="borrow__fetch-error">{serverMessage(failed)}</p>;
  } else if (!schedule.data || total.data === undefined) {
    body = (
      <div aria-busy="true">
        <p className="visually-hidden">Loading what you owe…</p>
      </div>
    );
  } else if (!schedule.data.fundedDate || schedule.data.settledDate || total.data <= 0) {
    body = (
      <>
        <p className="borrow__empty">No payments for this application</p>
        {backToSchedule}
      </>
    );
  } else if (schedule.data.blocked) {
    owed = true;
    // Spec section 6: payment and reschedule are disabled while the loan is blocked.
    body = (
      <>
        <p className="banner borrow-notice">
          Your Card on the system is not active.{' '}
          <Link to="/borrow/update-card">Press here to add a new Card</Link>
        </p>
        {backToSchedule}
      </>
    );
  } else {
    wizard = true;
    owed = true;
    body = (
      <PaymentWizard
        // A refused challenge starts the wizard again from what was refused.
        key={refused?.count ?? 0}
        totalDue={total.data}
        cardLast4={schedule.data.cardLast4}
        planRules={schedule.data.planRules}
        rescheduleOnly={rescheduleOnly}
        refused={refused?.refusal ?? null}
        onTotalChanged={() => void queryClient.invalidateQueries({ queryKey: totalDueKey })}
      />
    );
  }

  return (
    <Page
      heading={rescheduleOnly ? RESCHEDULE_HEADING : HEADING}
      lead={
        rescheduleOnly
          ? 'Choose how many payments are left and the date of the next one.'
          : 'Pay by debit card, in full or in part.'
      }
    >
      {/* The wizard shows a refused challenge itself; without it the message is still said. */}
      {wizard ? null : <ErrorBanner message={refused?.refusal.message ?? null} />}
      {body}
      {owed ? <DownloadSettlement /> : null}
    </Page>
  );
}
