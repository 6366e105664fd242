import { ErrorId } from '@lender/contract/error-ids';
import { Refusal } from '@lender/contract/refusals';
import { useErrorBanner } from '../../../components/form/error-banner';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Page } from '../../../components/page';
import { ApiCallError, serverMessage } from '../../../lib/api-client';
import { forgetSigningToken, takeSigningTokenFromAddress } from '../../../lib/signing-link';
import { QueryProvider } from '../../../lib/query';
import { PayoutAccount } from './payout-account';
import { AgreementDocuments } from './agreement-documents';
import { EsignForm } from './esign-form';
import {
  ESIGN_ERROR_PATH,
  errorIdOf,
  esignFailurePath,
  hasErrorId,
  NOT_VALID_SMS_CODE,
} from './esign-errors';
import { linkMovedOn } from './link-moved-on';
import { useEsign } from './get-esign';
import { useSubmitStage5, type Stage5Payload } from './submit-stage5';
import '../../../components/form/form.css';
import './esign.css';

export function Component() {
  return (
    <QueryProvider>
      <EsignPage />
    </QueryProvider>
  );
}

function EsignPage() {
  const guid = useParams().appGuid ?? '';
  // Before the first call: the e-mailed link's token moves from the address to storage.
  useState(() => takeSigningTokenFromAddress(guid));
  const navigate = useNavigate();
  const esign = useEsign(guid);
  const submit = useSubmitStage5();
  const failure = useErrorBanner();

  useEffect(() => {
    const to = esign.error ? esignFailurePath(esign.error) : null;
    if (to) void navigate(to, { replace: true });
  }, [esign.error, navigate]);

  const showError = failure.fail;

  const send = async (payload: Stage5Payload) => {
    failure.clear();
    try {
      await submit.mutateAsync(payload);
    } catch (err) {
      if (!hasErrorId(err, ErrorId.invalidSmsCode)) throw err;
      // The server may say more (the code expired, or was tried too often): that goes above the button,
      // without taking focus from the error summary.
      const more = serverMessage(err, NOT_VALID_SMS_CODE);
      if (more !== NOT_VALID_SMS_CODE) failure.show(more);
      // A wrong code belongs to its field, shown like any field message (summary, focus) by the form hook.
      throw new ApiCallError((err as ApiCallError).error, 400, { fields: { smsCode: NOT_VALID_SMS_CODE } });
    }
    // Signed: the e-sign page is closed from now on, so Back should not lead to it, nor the link open it.
    forgetSigningToken(guid);
    void navigate('/loan/success', { replace: true });
  };

  const onError = (err: unknown) => {
    // Signed or declined meanwhile (another tab): the page reads what became of it and says so.
    if (linkMovedOn(errorIdOf(err))) {
      void esign.refetch();
      return;
    }
    if (hasErrorId(err, ErrorId.esignClosed)) {
      void navigate(ESIGN_ERROR_PATH);
      return;
    }
    // A new day re-priced the agreements: the applicant reads the new ones before signing.
    if (hasErrorId(err, ErrorId.agreementChanged)) void esign.refetch();
    showError(serverMessage(err));
  };

  const linkNeeded = hasErrorId(esign.error, ErrorId.signingLinkNeeded);
  const movedOn = linkMovedOn(errorIdOf(esign.error));
  if (movedOn) {
    return (
      <Page heading={movedOn.heading} title="E-sign">
        {movedOn.body}
      </Page>
    );
  }
  return (
    <Page
      heading="Sign your loan agreement"
      title="E-sign"
      lead={
        linkNeeded
          ? undefined
          : 'We have sent you two verification codes to confirm that it is you signing: a code by SMS to your mobile, to type below, and a link by e-mail, to press.'
      }
    >
      {linkNeeded ? (
        <SigningLinkNeeded />
      ) : esign.data ? (
        <EsignForm
          guid={guid}
          documents={
            <>
              <AgreementDocuments agreements={esign.data} />
              <PayoutAccount account={esign.data.payoutAccount} />
            </>
          }
          send={send}
          onError={onError}
          failure={failure.banner}
          resendWaits={esign.data.nextSendInSeconds}
        />
      ) : (
        <p aria-busy="true">Loading your agreement…</p>
      )}
    </Page>
  );
}

/**
 * The guid without its signing link (another browser, a link typed from memory, an expired link):
 * nothing of the application is shown, and the way on is the e-mailed link or a login.
 */
function SigningLinkNeeded() {
  return (
    <div className="banner banner--info" role="status">
      <p>{Refusal.signingLinkNeeded.errorMessage}</p>
      <p>
        If the link no longer works, <Link to="/login">log in</Link> with your e-mail address and password and
        we will take you back to your agreement.
      </p>
    </div>
  );
}
