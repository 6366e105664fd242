import { Refusal } from '@lender/contract/refusals';
import type { NewCardForm } from '@lender/contract/rules/payment';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { forgetLoanState } from '../../lib/api/get-loan-state';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorBanner, useErrorBanner } from '../../components/form/error-banner';
import { Page } from '../../components/page';
import { serverMessage } from '../../lib/api-client';
import { cardProviderSettingsQuery } from '../../lib/card-check/card-provider-settings';
import { checkCardInPage } from '../../lib/card-check/check-card';
import { goToChallenge } from '../../lib/card-check/go-to-challenge';
import { toCardSummary } from '../../lib/card-check/pending-card-check';
import { useChallengeReturn } from '../../lib/card-check/use-challenge-return';
import { QueryProvider } from '../../lib/query';
import { pendingAddCard, sendNewCard, type AddCardAnswer } from './add-credit-card';
import { displayDate, money } from './borrow-format';
import { refusalMessage } from './card-refusal';
import { useScheduleSummary } from './get-schedule-summary';
import { UpdateCardForm } from './update-card-form';
import { scheduleNotice, SUCCESS } from './schedule-notice';
import '../../components/form/form.css';
import './borrow.css';
import { cardRefusal } from '../../components/card/card-refusal-notice';

const HEADING = 'Add a card';

export function Component() {
  return (
    <QueryProvider>
      <UpdateCardPage />
    </QueryProvider>
  );
}

/** When the CPA will next collect, and how much, from the new card: a second line under the success. */
export function nextCollectionText(next: AddCardAnswer['nextCollection']): string | null {
  return next
    ? `Your next repayment of ${money(next.amount)} will be collected from this card on ${displayDate(next.date)}.`
    : null;
}

/**
 * borrow/update-card (spec sections 2 and 8): a new debit card replaces the card on file; a blocked loan
 * is unblocked by it. The card goes to the card provider from the browser, as at stage 2; its bank may
 * ask for its 3-D Secure challenge, which returns here. Success goes back to the schedule, saying when
 * the new card will next be charged.
 */
function UpdateCardPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const schedule = useScheduleSummary();
  // Read early so that Add card does not wait for it.
  useQuery(cardProviderSettingsQuery);
  const failure = useErrorBanner();

  const proceed = (answer: AddCardAnswer) => {
    if (answer.redirectUrl !== null) return goToChallenge(answer.redirectUrl, pendingAddCard.clear);
    // A new card unblocks the loan: where it stands is read afresh on the schedule.
    forgetLoanState(queryClient);
    void navigate('/borrow/schedule', {
      state: scheduleNotice(SUCCESS.card, nextCollectionText(answer.nextCollection)),
    });
  };

  useChallengeReturn(true, {
    pending: pendingAddCard,
    resend: sendNewCard,
    onAnswer: proceed,
    onFailure: (err, refusal) => failure.fail(refusal ? cardRefusal(refusal) : refusalMessage(err)),
  });

  const send = async ({ creditCard, address }: NewCardForm) => {
    failure.clear();
    const check = await checkCardInPage(queryClient, creditCard);
    proceed(await sendNewCard({ creditCard: toCardSummary(creditCard), address, ...check }));
  };

  let body: ReactNode;
  if (schedule.isError) {
    body = <p className="borrow__fetch-error">{serverMessage(schedule.error)}</p>;
  } else if (!schedule.data) {
    body = (
      <div aria-busy="true">
        <p className="visually-hidden">Loading your loan…</p>
      </div>
    );
  } else if (!schedule.data.fundedDate || schedule.data.settledDate) {
    // Only a loan being repaid has a card to change (the server refuses the rest with errorID 240).
    body = (
      <>
        <p className="borrow__empty">{Refusal.noLoanForCard.errorMessage}</p>
        <p>
          <Link to="/borrow/schedule">Back to your repayment schedule</Link>
        </p>
      </>
    );
  } else {
    body = (
      <>
        {schedule.data.cardLast4 ? (
          <p>
            The card on file ends in {schedule.data.cardLast4}. The new card replaces it for your repayments.
          </p>
        ) : null}
        <UpdateCardForm
          // A cancelled authority given again, or not (a withdrawal): the page cannot tell, so it says nothing.
          // Nothing is collected while the authority is cancelled, or while a plan paid by other means stands.
          firstCollection={
            schedule.data.cpaCancelled || schedule.data.paidByOtherMeans ? null : schedule.data.nextInstalment
          }
          send={send}
          onError={(err, focusCard) => failure.fail(refusalMessage(err, { onUpdateCard: focusCard }))}
        />
      </>
    );
  }

  return (
    <Page heading={HEADING} lead="Add the debit card you want to repay with.">
      <ErrorBanner {...failure.banner} />
      {body}
    </Page>
  );
}
