import type { BankDetails } from '@lender/contract/rules/bank';
import { ResumeRoute } from '@lender/contract/status';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { serverMessage } from '../../../lib/api-client';
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
      lead="Step 4 of 4: your bank details."
    >
      {ready ? (
        <Stage4Form
          send={send}
          onError={(err) => failure.fail(serverMessage(err))}
          failure={failure.banner}
        />
      ) : (
        <p aria-busy="true">Checking your application…</p>
      )}
    </Page>
  );
}
