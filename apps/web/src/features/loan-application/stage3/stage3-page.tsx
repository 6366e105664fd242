import { ErrorId } from '@lender/contract/error-ids';
import { useErrorBanner } from '../../../components/form/error-banner';
import { ResumeRoute } from '@lender/contract/status';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { ApiCallError, serverMessage } from '../../../lib/api-client';
import { QueryProvider } from '../../../lib/query';
import { Stage1Outcome } from '../stage1/stage1-outcome';
import { nextPathAfterSubmit, useStageStatus } from '../stage-status';
import { STAGE3_DRAFT, Stage3Form } from './stage3-form';
import { BankOutcomeNotice } from '../../../components/open-banking/bank-outcome-notice';
import { ConnectBank } from '../../../components/open-banking/connect-bank';
import { clearDraft, takeDraft } from '../../../lib/form-draft';
import { useBankVerification } from '../../../components/open-banking/open-banking-api';
import type { Stage3Parsed, Stage3Values } from './stage3-values';
import { useSubmitStage3 } from './submit-stage3';
import '../../../components/form/form.css';

export function Component() {
  return (
    <QueryProvider>
      <Stage3Page />
    </QueryProvider>
  );
}

function Stage3Page() {
  const navigate = useNavigate();
  const { ready, status } = useStageStatus(ResumeRoute.stage3);
  const submit = useSubmitStage3();
  const [declined, setDeclined] = useState(false);
  const failure = useErrorBanner();

  useEffect(() => {
    if (!declined) return;
    window.scrollTo(0, 0);
    document.getElementById('outcome-heading')?.focus();
  }, [declined]);

  const bank = useBankVerification('stage3', ready);
  const [draft] = useState(() => takeDraft<Stage3Values>(STAGE3_DRAFT));

  const send = async (payload: Stage3Parsed) => {
    failure.clear();
    const status = await submit.mutateAsync(payload);
    clearDraft(STAGE3_DRAFT);
    void navigate(await nextPathAfterSubmit(status.appStatusID, status.appGuid));
  };

  // Field messages of a 400 are on the form already (the form hook); a decline is an outcome of its own.
  const onError = (err: unknown) => {
    if (err instanceof ApiCallError && err.error.errorID === ErrorId.declined) setDeclined(true);
    else {
      // The server found the bank is needed after all: the panel says why.
      if (err instanceof ApiCallError && err.error.errorID === ErrorId.bankConnectionRequired)
        void bank.refetch();
      failure.fail(serverMessage(err));
    }
  };

  return (
    <Page
      heading="Affordability check"
      title="Affordability check, step 3 of 4"
      lead={declined ? undefined : 'Step 3 of 4: your home, work and monthly outgoings.'}
    >
      {!ready || (bank.isPending && bank.fetchStatus !== 'idle') ? (
        <p aria-busy="true">Checking your application…</p>
      ) : declined ? (
        <Stage1Outcome errorId={ErrorId.declined} />
      ) : (
        <Stage3Form
          send={send}
          onError={onError}
          failure={failure.banner}
          income={status?.netMonthlyIncome ?? null}
          draft={draft}
          bankPanel={(keepAnswers) => (
            <>
              <BankOutcomeNotice />
              {bank.data ? (
                <ConnectBank returnTo="stage3" state={bank.data} beforeLeave={keepAnswers} />
              ) : null}
            </>
          )}
        />
      )}
    </Page>
  );
}
