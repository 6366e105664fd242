import type { BankDetails } from '@lender/contract/rules/bank';
import { ResumeRoute } from '@lender/contract/status';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import type { AgencyParticularsView } from '@lender/contract/calls/credit-reference';
import { ErrorId } from '@lender/contract/error-ids';
import { useEffect, useState } from 'react';
import { agencyOfDecline } from '../../../components/decline/decline-details';
import { ApiCallError, serverMessage } from '../../../lib/api-client';
import { Stage1Outcome } from '../stage1/stage1-outcome';
import { QueryProvider } from '../../../lib/query';
import { nextPathAfterSubmit, useStageStatus } from '../stage-status';
import { Stage4Form } from './stage4-form';
import { useSubmitStage4 } from './submit-stage4';
import '../../../components/form/form.css';
import { useErrorBanner } from '../../../components/form/error-banner';

export function Component() {
  return (
    <QueryProvider>
      <Stage4Page />
    </QueryProvider>
  );
}

function Stage4Page() {
  const navigate = useNavigate();
  const { ready } = useStageStatus(ResumeRoute.stage4);
  const submit = useSubmitStage4();
  const failure = useErrorBanner();
  // The hard search of the credit file before any agreement may decline it (issue 47): an outcome of its own.
  const [declined, setDeclined] = useState<{ agency: AgencyParticularsView | null } | null>(null);

  useEffect(() => {
    if (!declined) return;
    window.scrollTo(0, 0);
    document.getElementById('outcome-heading')?.focus();
  }, [declined]);

  const onError = (err: unknown) => {
    if (err instanceof ApiCallError && err.error.errorID === ErrorId.declined) {
      setDeclined({ agency: agencyOfDecline(err) });
    } else failure.fail(serverMessage(err));
  };

  // Success hands over to e-sign, which happens signed out (spec section 4): nextPathAfterSubmit does it.
  const send = async (payload: BankDetails) => {
    failure.clear();
    const status = await submit.mutateAsync(payload);
    void navigate(await nextPathAfterSubmit(status.appStatusID, status.appGuid));
  };

  return (
    <Page
      heading="Affordability check"
      title="Bank details, step 4 of 4"
      lead={declined ? undefined : 'Step 4 of 4: your bank details.'}
    >
      {declined ? (
        <Stage1Outcome errorId={ErrorId.declined} agency={declined.agency} />
      ) : ready ? (
        <Stage4Form send={send} onError={onError} failure={failure.banner} />
      ) : (
        <p aria-busy="true">Checking your application…</p>
      )}
    </Page>
  );
}
