import { Msg } from '@lender/contract/rules/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ErrorBanner, useErrorBanner } from '../../../components/form/error-banner';
import { Page } from '../../../components/page';
import { applicationStatusKey } from '../../../lib/api/get-application-status';
import { serverMessage } from '../../../lib/api-client';
import { cardProviderSettingsQuery } from '../../../lib/card-check/card-provider-settings';
import { checkCardInPage } from '../../../lib/card-check/check-card';
import { goToChallenge } from '../../../lib/card-check/go-to-challenge';
import { CardCheckError } from '../../../lib/card-check/card-check-error';
import { useChallengeReturn } from '../../../lib/card-check/use-challenge-return';
import { QueryProvider } from '../../../lib/query';
import { stage2Error } from '../../../lib/stage2-error';
import { nextPathAfterSubmit, useStageStatus } from '../stage-status';
import { Stage2Form } from './stage2-form';
import { toStage2Payload, type Stage2Parsed } from './stage2-values';
import { pendingStage2, sendStage2, type Stage2Answer } from './submit-stage2';
import '../../../components/form/form.css';
import { cardRefusal, isCardRefused } from '../../../components/card/card-refusal-notice';

export function Component() {
  return (
    <QueryProvider>
      <Stage2Page />
    </QueryProvider>
  );
}

/**
 * The applicant's words for a failed check: the server's or the provider's refusal in plain words, with
 * 'Try again' when it is the card's (issue 31).
 */
function failureOf(err: unknown): ReactNode {
  const message = err instanceof CardCheckError ? err.message : serverMessage(err, Msg.cardCheck);
  return isCardRefused(err) ? cardRefusal(message) : message;
}

function Stage2Page() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { ready } = useStageStatus('/loan/stage2');
  // Read early so that Next does not wait for it.
  useQuery(cardProviderSettingsQuery);

  // A failed attempt moves focus to its message; a stored one is announced without taking focus.
  const failure = useErrorBanner();
  const { show } = failure;
  useEffect(() => {
    // Another screen's card error (the repeat loan's 211), shown once.
    const left = stage2Error.take();
    if (left) show(cardRefusal(left));
  }, [show]);

  const showError = (message: ReactNode) => {
    failure.fail(message);
    // A declined card changes the status, and a stage already done elsewhere sends this screen on.
    void queryClient.invalidateQueries({ queryKey: applicationStatusKey });
  };

  const proceed = (answer: Stage2Answer) => {
    if (answer.redirectUrl !== null) goToChallenge(answer.redirectUrl, pendingStage2.clear);
    else void nextPathAfterSubmit(answer.appStatusID, answer.appGuid).then((path) => navigate(path));
  };

  useChallengeReturn(ready, {
    pending: pendingStage2,
    resend: sendStage2,
    onAnswer: proceed,
    onFailure: (err, refusal) => showError(refusal ? cardRefusal(refusal) : failureOf(err)),
  });

  const send = async (payload: Stage2Parsed) => {
    failure.clear();
    const check = await checkCardInPage(queryClient, payload.creditCard);
    proceed(await sendStage2(toStage2Payload(payload, check)));
  };

  return (
    <Page heading="Debit Card Check" lead="Step 2 of 4">
      <ErrorBanner {...failure.banner} />
      {ready ? (
        <>
          <p>We check that the card is yours and active. Your bank may ask you to confirm that it is you.</p>
          <Stage2Form send={send} onError={(err) => showError(failureOf(err))} />
        </>
      ) : (
        <p aria-busy="true">Loading your application…</p>
      )}
    </Page>
  );
}
