import { LeadEvent } from '@lender/contract/lead-events';
import type { SubmitLandedLeadResult } from '@lender/contract/calls/lead-provider';
import { ErrorId } from '@lender/contract/error-ids';
import { Refusal } from '@lender/contract/refusals';
import { Msg } from '@lender/contract/rules/messages';
import { AppStatus, resumePathFor } from '@lender/contract/status';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useErrorBanner } from '../../components/form/error-banner';
import { Page } from '../../components/page';
import { useDictionaries } from '../../lib/api/get-dictionaries';
import { ApiCallError, serverMessage } from '../../lib/api-client';
import { cardProviderSettingsQuery } from '../../lib/card-check/card-provider-settings';
import { checkCardInPage, type CardCheckResult } from '../../lib/card-check/check-card';
import { goToChallenge } from '../../lib/card-check/go-to-challenge';
import { CardCheckError } from '../../lib/card-check/card-check-error';
import { useChallengeReturn } from '../../lib/card-check/use-challenge-return';
import { QueryProvider } from '../../lib/query';
import { hasSession, storeTokens } from '../../lib/session';
import { signOut } from '../../lib/sign-out';
import { rememberSigningToken } from '../../lib/signing-link';
import { LandingCodeStep } from './landing-code-step';
import { leadLandedKey, useLeadLanded } from './lead-landed';
import { reportLeadEvent } from './lead-landed-event';
import { LeadOfferForm } from './lead-offer-form';
import { toLandedLeadSubmission, type LeadOfferParsed } from './lead-offer-values';
import { DeclinedPanel, EmailSentNote } from './lead-outcomes';
import { pendingLandedLead, sendLandedLead, type LandedLeadSubmission } from './submit-landed-lead';
import '../../components/form/form.css';
import './lead-landing.css';
import { cardRefusal } from '../../components/card/card-refusal-notice';

const TITLE = 'Your personalised loan offer';

export function Component() {
  return (
    <QueryProvider>
      <LeadLandingPage />
    </QueryProvider>
  );
}

type Outcome = { kind: 'declined' } | { kind: 'emailSent'; signPath: string };

/** The API client has already left the page for these (maintenance). */
const handledElsewhere = (err: unknown) =>
  err instanceof ApiCallError && (err.status === 401 || err.status === 503);

const errorIdOf = (err: unknown) => (err instanceof ApiCallError ? err.error.errorID : ErrorId.generic);

/** Event 400's data: what the submit came to, never anything the person typed. */
const answerData = (answer: SubmitLandedLeadResult) =>
  JSON.stringify(
    answer.redirectUrl ? { errorID: 0, challenge: true } : { errorID: 0, appStatusID: answer.appStatusID },
  );
const failureData = (err: unknown) =>
  JSON.stringify(err instanceof CardCheckError ? { cardCheck: 'refused' } : { errorID: errorIdOf(err) });

/**
 * /loan/lead-provider/{appGuid} (spec sections 2, 4 and 6): whoever was signed in is signed out, then
 * LeadLanded loads the partner's offer (210: the link is used up or expired, so the e-sign error page).
 * Submit checks the card with the provider (3-D Secure as at stage 2) and sends the lead; its answer
 * follows the resume map. Events 1 to 4 and the submit's 100 to 400 are reported as they happen.
 */
function LeadLandingPage() {
  const { appGuid = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();

  // The offer is the lead's, not a signed-in customer's (spec section 6). The landing waits for the
  // sign-out so that it does not carry the previous customer's token.
  const [signedOut, setSignedOut] = useState(() => !hasSession());
  useEffect(() => {
    if (hasSession()) signOut();
    setSignedOut(true);
  }, []);

  // Back from the bank's challenge with the submission kept: its answer decides, and the landing (which
  // would count another visit) is only asked for if the page stays for another try.
  const [returning, setReturning] = useState(() => params.has('z2') && pendingLandedLead.read() !== null);
  const landed = useLeadLanded(appGuid, signedOut && !returning);
  const dictionaries = useDictionaries(['wageFrequencies']);
  // Read early so that Submit does not wait for it.
  useQuery({ ...cardProviderSettingsQuery, enabled: landed.data !== undefined });
  const failure = useErrorBanner();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const report = useCallback(
    (eventID: Parameters<typeof reportLeadEvent>[1], data?: string) =>
      reportLeadEvent(appGuid, eventID, data),
    [appGuid],
  );

  useEffect(() => {
    const err = landed.error ?? dictionaries.error;
    if (!err || handledElsewhere(err)) return;
    void navigate(errorIdOf(err) === ErrorId.leadAlreadyUsed ? '/error?esign=true' : '/error', {
      replace: true,
    });
  }, [landed.error, dictionaries.error, navigate]);

  const loaded = landed.data !== undefined;
  useEffect(() => {
    if (!loaded) return;
    report(LeadEvent.loaded);
    const onScroll = () => report(LeadEvent.scrolled);
    window.addEventListener('scroll', onScroll, { once: true, passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [loaded, report]);
  const onCustomerFilled = useCallback(() => report(LeadEvent.customerFilled), [report]);
  const onPaymentFilled = useCallback(() => report(LeadEvent.paymentFilled), [report]);

  /** Whether this browser has proved it is the applicant's (issue 45), as the page now knows it. */
  const setProven = (identityConfirmed: boolean) =>
    queryClient.setQueryData(leadLandedKey(appGuid), (data: typeof landed.data) =>
      data ? { ...data, identityConfirmed } : data,
    );

  /** Follows the answer; false when the page stays (for another try). */
  const proceed = (answer: SubmitLandedLeadResult, afterChallenge: boolean): boolean => {
    if (answer.redirectUrl) {
      goToChallenge(answer.redirectUrl, pendingLandedLead.clear);
      return true;
    }
    const guid = answer.appGuid ?? appGuid;
    switch (answer.appStatusID) {
      case AppStatus.esignSent: {
        // E-sign happens signed out, with a signing link of this browser's own (decision 020).
        if (answer.signingToken) rememberSigningToken(guid, answer.signingToken);
        const signPath = resumePathFor(AppStatus.esignSent, guid);
        // Back from the bank the person goes straight on (spec section 4); otherwise the note says where
        // the e-mail is, and signing now is one press away.
        if (afterChallenge) void navigate(signPath, { replace: true });
        else setOutcome({ kind: 'emailSent', signPath });
        return true;
      }
      case AppStatus.leadLanded:
      case AppStatus.cardAccepted:
        // Bank details (stage 4) or affordability (stage 3) are still needed: those stages need a session.
        if (!answer.token || !answer.refreshToken) break;
        storeTokens({ token: answer.token, refreshToken: answer.refreshToken });
        void navigate(resumePathFor(answer.appStatusID, guid), { replace: true });
        return true;
      case AppStatus.leadLandedCardDeclined:
        failure.fail(Msg.cardCheck);
        return false;
    }
    void navigate('/error', { replace: true });
    return true;
  };

  const refused = (err: unknown, cardRefused: string | null = null) => {
    if (handledElsewhere(err)) return;
    if (cardRefused) return failure.fail(cardRefusal(cardRefused));
    if (err instanceof CardCheckError) return failure.fail(cardRefusal(err.message));
    switch (errorIdOf(err)) {
      case ErrorId.leadAlreadyUsed:
        void navigate('/error?esign=true', { replace: true });
        return;
      case ErrorId.landingProofNeeded:
        // The proof lapsed or never happened (another tab): the code step again.
        setProven(false);
        return;
      case ErrorId.declined:
        setOutcome({ kind: 'declined' });
        window.scrollTo({ top: 0 });
        return;
      case ErrorId.cardDeclined:
      case ErrorId.cardCheckUnavailable:
        // The refusal in plain words with its next step, as stage 2 shows it.
        return failure.fail(cardRefusal(serverMessage(err, Msg.cardCheck)));
    }
    failure.fail(Refusal.generic.errorMessage);
  };

  /** Sends the lead and reports its result (event 400), whatever it is. */
  const submit = async (submission: LandedLeadSubmission) => {
    try {
      const answer = await sendLandedLead(submission);
      report(LeadEvent.result, answerData(answer));
      return answer;
    } catch (err) {
      report(LeadEvent.result, failureData(err));
      throw err;
    }
  };

  useChallengeReturn(signedOut, {
    pending: pendingLandedLead,
    resend: submit,
    onAnswer: (answer) => {
      if (!proceed(answer, true)) setReturning(false);
    },
    onFailure: (err, refusal) => {
      setReturning(false);
      refused(err, refusal);
    },
  });

  const send = async (payload: LeadOfferParsed) => {
    failure.clear();
    report(LeadEvent.submitBeforePayment);
    let check: CardCheckResult;
    try {
      check = await checkCardInPage(queryClient, payload.creditCard, () => report(LeadEvent.keyGenerated));
    } catch (err) {
      report(LeadEvent.result, failureData(err));
      throw err;
    }
    report(LeadEvent.fingerprintGenerated, JSON.stringify({ isSignature: check.isSignature }));
    proceed(await submit(toLandedLeadSubmission(payload, check)), false);
  };

  if (outcome) {
    return (
      <Page heading={TITLE}>
        {outcome.kind === 'declined' ? <DeclinedPanel /> : <EmailSentNote signPath={outcome.signPath} />}
      </Page>
    );
  }

  if (!returning && landed.data && !landed.data.identityConfirmed) {
    return (
      <Page heading={`Hello ${landed.data.name}, your personalised loan offer`} title={TITLE}>
        <LandingCodeStep
          guid={appGuid}
          onProven={() => setProven(true)}
          onClosed={() => void navigate('/error?esign=true', { replace: true })}
        />
      </Page>
    );
  }

  if (!returning && landed.data && dictionaries.data) {
    return (
      <Page
        heading={`Hello ${landed.data.name}, your personalised loan offer`}
        title={TITLE}
        lead="We are a direct lender, and you have passed our initial assessment."
      >
        <LeadOfferForm
          guid={appGuid}
          landed={landed.data}
          wageFrequencies={dictionaries.data.wageFrequencies}
          onCustomerFilled={onCustomerFilled}
          onPaymentFilled={onPaymentFilled}
          send={send}
          onError={refused}
          failure={failure.banner}
        />
      </Page>
    );
  }

  return (
    <Page heading={TITLE}>
      <p aria-busy="true">{returning ? 'Checking your card with your bank…' : 'Loading your offer…'}</p>
    </Page>
  );
}
