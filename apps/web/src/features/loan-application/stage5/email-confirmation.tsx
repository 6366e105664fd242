import { ErrorId } from '@lender/contract/error-ids';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ESIGN_ERROR_PATH, hasErrorId } from './esign-errors';
import { useEmailVerificationLinkStatus } from './get-email-verification-link-status';
import { ResendControl } from './resend-control';
import { useSendVerificationAndUniqueUrlEmail } from './send-verification-and-unique-url-email';

/**
 * The e-mail half of the check: the page asks until the link in the e-mail has been pressed and says so
 * in a polite live region, which is in the page from the start so the change is announced.
 */
export function EmailConfirmation({
  guid,
  initialWaitSeconds,
}: {
  guid: string;
  initialWaitSeconds?: number;
}) {
  const navigate = useNavigate();
  const status = useEmailVerificationLinkStatus(guid);
  const resend = useSendVerificationAndUniqueUrlEmail();
  const verified = status.data?.verified === true;

  useEffect(() => {
    if (hasErrorId(status.error, ErrorId.esignClosed)) void navigate(ESIGN_ERROR_PATH, { replace: true });
  }, [status.error, navigate]);

  return (
    <>
      {verified ? null : (
        <p>
          We have sent a verification link to your e-mail address. Please open the e-mail and press the link;
          this page notices by itself.
        </p>
      )}
      <p className={`email-status${verified ? ' email-status--confirmed' : ''}`} aria-live="polite">
        {verified ? 'The email was confirmed!' : 'Waiting for confirmation...'}
      </p>
      {verified ? null : (
        <ResendControl
          label="Resend verification e-mail"
          sentMessage="We have sent you a new verification e-mail. The link in the earlier one no longer works."
          send={() => resend.mutateAsync(guid)}
          initialWaitSeconds={initialWaitSeconds}
        />
      )}
    </>
  );
}
