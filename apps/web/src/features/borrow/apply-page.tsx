import { ErrorId } from '@lender/contract/error-ids';
import { Refusal } from '@lender/contract/refusals';
import { isEsignStatus, resumePathFor } from '@lender/contract/status';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorBanner, useErrorBanner } from '../../components/form/error-banner';
import { Page } from '../../components/page';
import { SuccessPanel } from '../../components/success-panel';
import { useApplicationStatus } from '../../lib/api/get-application-status';
import { ApiCallError } from '../../lib/api-client';
import { cardProviderSettingsQuery } from '../../lib/card-check/card-provider-settings';
import { checkCardInPage } from '../../lib/card-check/check-card';
import { goToChallenge } from '../../lib/card-check/go-to-challenge';
import { toCardSummary } from '../../lib/card-check/pending-card-check';
import { CardCheckError } from '../../lib/card-check/card-check-error';
import { useChallengeReturn } from '../../lib/card-check/use-challenge-return';
import { handOverToSigning } from '../../lib/hand-over-to-signing';
import { QueryProvider } from '../../lib/query';
import { stage2Error } from '../../lib/stage2-error';
import { APPLY_DRAFT, ApplyForm, useApplyDictionaries, type KeptAnswers } from './apply-form';
import { BankOutcomeNotice } from '../../components/open-banking/bank-outcome-notice';
import { ConnectBank } from '../../components/open-banking/connect-bank';
import { useBankVerification } from '../../components/open-banking/open-banking-api';
import { clearDraft, takeDraft } from '../../lib/form-draft';
import type { ApplyParsed } from './apply-values';
import {
  pendingRepeatLoan,
  sendRepeatLoan,
  useRepeatLoanPrefill,
  type RepeatLoanAnswer,
  type RepeatLoanBody,
} from './repeat-loan';
import '../../components/form/form.css';
import './borrow.css';
import { cardRefusal } from '../../components/card/card-refusal-notice';
import type { AgencyParticularsView } from '@lender/contract/calls/credit-reference';
import { agencyOfDecline, DeclineDetails } from '../../components/decline/decline-details';

const HEADING = 'Apply for a new loan';
/** Spec section 8, repeat loan 100: shown above the submit button, the form kept. */
export const ERROR_OCCURED = `${Refusal.generic.errorMessage}!`;

export function Component() {
  return (
    <QueryProvider>
      <ApplyPage />
    </QueryProvider>
  );
}

/** What the person reads when the application is not sent (a new card refused, the server's 100). */
function failureText(err: unknown): ReactNode {
  if (err instanceof CardCheckError) return cardRefusal(err.message);
  return ERROR_OCCURED;
}

/** The API client has already left the page for these (a lost session, maintenance). */
const handledElsewhere = (err: unknown) =>
  err instanceof ApiCallError && (err.status === 401 || err.status === 503);

/**
 * borrow/apply (spec sections 2, 4 and 8): the status first; the form once the previous application has
 * ended (isEnd), else the status's own route. A submission that goes to e-sign signs the person out and
 * hands them over with the new appGuid; a declined card (211) goes on at stage 2 with its message; 100
 * keeps the form with 'Error Occured!'; any other refusal shows the thank-you panel.
 */
function ApplyPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = useApplicationStatus();
  // Only this visit's answer counts (a status from before an application may still be cached).
  const fresh = status.isFetchedAfterMount ? status.data : undefined;
  const open = fresh?.isEnd === true;
  const prefill = useRepeatLoanPrefill(open);
  const dictionaries = useApplyDictionaries();
  useQuery({ ...cardProviderSettingsQuery, enabled: open });
  const failure = useErrorBanner();
  const [declined, setDeclined] = useState<{ agency: AgencyParticularsView | null } | null>(null);

  useEffect(() => {
    const failed = status.error ?? prefill.error ?? dictionaries.error;
    if (failed) {
      if (!handledElsewhere(failed)) void navigate('/error', { replace: true });
      return;
    }
    if (!fresh || fresh.isEnd) return;
    if (isEsignStatus(fresh.appStatusID)) {
      void handOverToSigning().then((path) => navigate(path, { replace: true }));
    } else {
      void navigate(resumePathFor(fresh.appStatusID, fresh.appGuid), { replace: true });
    }
  }, [status.error, prefill.error, dictionaries.error, fresh, navigate]);

  const proceed = (answer: RepeatLoanAnswer) => {
    if (answer.redirectUrl !== null) return goToChallenge(answer.redirectUrl, pendingRepeatLoan.clear);
    void handOverToSigning().then((path) => navigate(path, { replace: true }));
  };

  const refused = (err: unknown, cardRefused: string | null = null) => {
    if (handledElsewhere(err)) return;
    if (cardRefused) return failure.fail(cardRefusal(cardRefused));
    if (err instanceof ApiCallError && err.status === 200) {
      // A card check another customer presented first (issue 45): nothing was stored, the card is asked
      // for again; it is not a decline of the application.
      if (err.error.errorID === ErrorId.cardDeclined)
        return failure.fail(cardRefusal(err.error.errorMessage));
      if (err.error.errorID === ErrorId.repeatLoanCardDeclined) {
        stage2Error.leave(err.error.errorMessage);
        void navigate('/loan/stage2');
        return;
      }
      if (err.error.errorID === ErrorId.bankConnectionRequired) {
        // Not a decline: this loan is decided with the customer's bank statement (issue 49).
        setBankRequired(true);
        return failure.fail(err.error.errorMessage);
      }
      if (err.error.errorID !== ErrorId.generic) {
        setDeclined({ agency: agencyOfDecline(err) });
        window.scrollTo({ top: 0 });
        return;
      }
    }
    failure.fail(failureText(err));
  };

  const ready = open && prefill.data !== undefined && dictionaries.data !== undefined;
  const bank = useBankVerification('repeatLoan', ready);
  const [draft] = useState(() => takeDraft<KeptAnswers>(APPLY_DRAFT));
  const [bankRequired, setBankRequired] = useState(false);
  useChallengeReturn(ready, {
    pending: pendingRepeatLoan,
    resend: sendRepeatLoan,
    onAnswer: proceed,
    onFailure: (err, refusal) => refused(err, refusal),
  });

  const send = async ({ creditCard, ...parsed }: ApplyParsed) => {
    failure.clear();
    // One key per attempt, kept with the request while the bank's challenge is under way.
    let body: RepeatLoanBody = { ...parsed, creditCard: null, idempotencyKey: crypto.randomUUID() };
    if (!parsed.useExistingCard && creditCard) {
      const check = await checkCardInPage(queryClient, creditCard.creditCard);
      body = {
        ...body,
        creditCard: { creditCard: toCardSummary(creditCard.creditCard), address: creditCard.address },
        ...check,
      };
    }
    const answer = await sendRepeatLoan({ trxId: body.trxId ?? null, body });
    clearDraft(APPLY_DRAFT);
    proceed(answer);
  };

  if (declined) {
    return (
      <Page heading={HEADING}>
        <SuccessPanel heading="Thank you for your application">
          <p>
            After careful review, we regret to inform you that we are unable to approve it at this time. You
            may be eligible to reapply in the future.
          </p>
          <DeclineDetails agency={declined.agency} />
          <p>
            <Link to="/borrow">Back to your account</Link>
          </p>
        </SuccessPanel>
      </Page>
    );
  }

  return (
    <Page
      heading={HEADING}
      lead="Your details are filled in from your last application. Please check each one is still right."
    >
      {ready && prefill.data && !bank.isPending ? (
        <ApplyForm
          prefill={prefill.data}
          send={send}
          onError={refused}
          failure={failure.banner}
          draft={draft}
          bankPanel={(keepAnswers) => (
            <>
              <BankOutcomeNotice />
              {bank.data ? (
                <ConnectBank
                  key={String(bankRequired)}
                  returnTo="repeatLoan"
                  state={bankRequired ? { ...bank.data, required: true } : bank.data}
                  beforeLeave={keepAnswers}
                />
              ) : null}
            </>
          )}
        />
      ) : (
        <>
          <ErrorBanner {...failure.banner} />
          <div aria-busy="true">
            <p className="visually-hidden">Loading your details…</p>
          </div>
        </>
      )}
    </Page>
  );
}
