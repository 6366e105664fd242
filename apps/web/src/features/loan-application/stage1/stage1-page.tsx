import { ErrorId } from '@lender/contract/error-ids';
import { formatPence, poundsToPence } from '@lender/contract/money';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { InertUntilHydrated } from '../../../components/inert-until-hydrated';
import { Page } from '../../../components/page';
import type { AgencyParticularsView } from '@lender/contract/calls/credit-reference';
import { agencyOfDecline } from '../../../components/decline/decline-details';
import { ApiCallError } from '../../../lib/api-client';
import { QueryProvider } from '../../../lib/query';
import { getTracking } from '../../../lib/session';
import { TEST_MODE } from '../../../lib/test-mode';
import { useHydrated } from '../../../lib/use-hydrated';
import { Stage1Form } from './stage1-form';
import { Stage1Outcome } from './stage1-outcome';
import { loanFromQuery, type LoanChoice, type Stage1Parsed } from './stage1-values';
import { useSubmitStage1 } from './submit-stage1';
import '../../../components/form/form.css';
import './stage1.css';

/** Where the visitor came from (lib/session.ts): read when sending, as the browser's storage is not there before. */
const readTracking = () => ({
  source: getTracking('source'),
  campaign: getTracking('campaign'),
  tierName: getTracking('provider'),
});

type Outcome =
  | { kind: 'form' }
  | { kind: 'thank-you'; errorId: number; agency: AgencyParticularsView | null }
  | { kind: 'error' };

export function Component() {
  return (
    <QueryProvider>
      <Stage1Page />
    </QueryProvider>
  );
}

function Stage1Page() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // The page is prerendered without a query (build/prerender-plugin.ts), so the loan is null there. What
  // shows it waits for React (LoanHeading, LeaveWithoutLoan), so that the first render in the browser
  // matches the HTML; the rest of the page does not render again when React takes over.
  const loan = loanFromQuery(params);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'form' });
  const submit = useSubmitStage1();

  useEffect(() => {
    if (outcome.kind !== 'form') {
      window.scrollTo(0, 0);
      document.getElementById('outcome-heading')?.focus();
    }
  }, [outcome.kind]);

  const showOutcome = (errorId: number, agency: AgencyParticularsView | null = null) =>
    setOutcome(errorId === ErrorId.generic ? { kind: 'error' } : { kind: 'thank-you', errorId, agency });

  const send = async (payload: Stage1Parsed) => {
    // Test mode previews an outcome from the query (?error=204); without a number it is the generic error.
    if (TEST_MODE && params.has('error')) return showOutcome(Number(params.get('error')) || ErrorId.generic);
    await submit.mutateAsync(payload);
    void navigate('/loan/pre-approved');
  };

  // Field messages of a 400 are on the form already (the form hook); anything else is an outcome page.
  const onError = (err: unknown) =>
    err instanceof ApiCallError
      ? showOutcome(err.error.errorID || ErrorId.generic, agencyOfDecline(err))
      : setOutcome({ kind: 'error' });

  return (
    <Page
      heading={<LoanHeading loan={loan} />}
      title="Your application"
      lead={outcome.kind === 'form' ? 'Step 1 of 4: about you. It takes about 5 minutes.' : undefined}
    >
      <div className={outcome.kind === 'form' ? undefined : 'stage1--done'}>
        <LeaveWithoutLoan loan={loan} />
        {outcome.kind === 'form' ? (
          <InertUntilHydrated>
            <Stage1Form loan={loan} tracking={readTracking} send={send} onError={onError} />
          </InertUntilHydrated>
        ) : null}
        {outcome.kind === 'thank-you' ? (
          <Stage1Outcome errorId={outcome.errorId} agency={outcome.agency} />
        ) : null}
        {outcome.kind === 'error' ? (
          <div className="banner banner--error" role="alert">
            <h2 id="outcome-heading" tabIndex={-1}>
              Error Occured!
            </h2>
            <p>
              We could not process your application just now. Please try again in a few minutes or call us.
            </p>
          </div>
        ) : null}
      </div>
    </Page>
  );
}

/** 'Apply for £300.00' once React has the query; 'Apply for a loan' in the HTML, which has none. */
function LoanHeading({ loan }: { loan: LoanChoice | null }) {
  const hydrated = useHydrated();
  return hydrated && loan ? `Apply for ${formatPence(poundsToPence(loan.amount))}` : 'Apply for a loan';
}

/** A link without a loan (or with one out of range) goes home to choose one, once React runs. */
function LeaveWithoutLoan({ loan }: { loan: LoanChoice | null }) {
  return useHydrated() && !loan ? <Navigate to="/" replace /> : null;
}
