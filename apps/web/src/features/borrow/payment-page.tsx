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
import { useLoanStateDrawn } from '../../components/loan-state/loan-state-banner';
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

/** Spec section 6's card-inactive notice, with its link to a new card. */
const cardInactive = (
  <p className="banner borrow-notice">
    Your Card on the system is not active. <Link to="/borrow/update-card">Press here to add a new Card</Link>
  </p>
);

const backToSchedule = (
  <p>
    <Link to="/borrow/schedule">Back to your repayment schedule</Link>
  </p>
);

/**
 * borrow/payment (spec sections 2, 4 and 8): the card payment and reschedule wizard, for a loan paid out
 * and not yet repaid, and the loan's settlement statement. A blocked card (issue 45, where the spec
 * disabled paying) still pays: once, by a card not kept, or by bank transfer; its new plan is paid by
 * other means, with no card (issue 46 item 7). Back from the bank's challenge the kept attempt is sent
 * again under its idempotency key; a refusal restarts the wizard at the card with the new-card option.
 */
function PaymentPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const rescheduleOnly = params.has('reschedule');
  const schedule = useScheduleSummary();
  const total = useTotalDue();
  // Where the loan stands is drawn above the form: the form waits for it rather than be pushed down when it
  // comes (issue 50: no layout shift).
  const bannerDrawn = useLoanStateDrawn();
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
  } else if (!schedule.data || total.data === undefined || !bannerDrawn) {
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
  } else {
    wizard = true;
    owed = true;
    const blocked = schedule.data.blocked;
    body = (
      <>
        {blocked ? (
          <>
            {cardInactive}
            {rescheduleOnly ? (
              // Issue 46 item 7: forbearance without a new authority (CONC 7.3, PS24/2).
              <p>
                You can agree a plan that you pay yourself, by bank transfer or by card when you choose. It
                adds no interest or fees while you keep to it, and sets up no collections from a card.
              </p>
            ) : (
              <p>
                You can still pay today, once, with a debit card we do not keep, or by bank transfer. Adding a
                new card sets up collections again; paying here does not.
              </p>
            )}
          </>
        ) : null}
        <PaymentWizard
          // A refused challenge starts the wizard again from what was refused.
          key={refused?.count ?? 0}
          totalDue={total.data}
          cardLast4={schedule.data.cardLast4}
          planRules={schedule.data.planRules}
          nextInstalment={schedule.data.nextInstalment}
          blocked={blocked ? { reference: schedule.data.appID } : null}
          rescheduleOnly={rescheduleOnly}
          refused={refused?.refusal ?? null}
          onTotalChanged={() => void queryClient.invalidateQueries({ queryKey: totalDueKey })}
        />
      </>
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
