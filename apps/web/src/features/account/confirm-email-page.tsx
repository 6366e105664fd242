import { ErrorId } from '@lender/contract/error-ids';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '../../components/page';
import { ApiCallError } from '../../lib/api-client';
import { QueryProvider } from '../../lib/query';
import { useSession } from '../../lib/session';
import { useConfirmEmailChange } from './confirm-email-change';
import { accountDetailsKey } from './get-account-details';
import { CONTACT_DETAILS_PATH } from './success-panel';
import './account.css';

export function Component() {
  return (
    <QueryProvider>
      <ConfirmEmailPage />
    </QueryProvider>
  );
}

type Outcome = 'changed' | 'expired' | 'taken' | 'failed';

/** A malformed token (HTTP 400) is a link that cannot work, said as the spec's unusable link is. */
function outcomeOf(err: unknown): Outcome {
  if (!(err instanceof ApiCallError)) return 'failed';
  if (err.error.errorID === ErrorId.linkExpired || err.status === 400) return 'expired';
  if (err.error.errorID === ErrorId.notFound) return 'taken';
  return 'failed';
}

const ASK_AGAIN = (
  <p>
    You can ask for a new link from <Link to="/account/change-email">Change Email</Link> in your contact
    details.
  </p>
);

/**
 * The page the change-email link opens (public: it may open on another device, signed in or not). It
 * sends the link's token once; the new address is used from then on.
 */
function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const { signedIn } = useSession();
  const client = useQueryClient();
  const confirm = useConfirmEmailChange(token);
  const outcome: Outcome | null = confirm.isSuccess
    ? 'changed'
    : confirm.isError
      ? outcomeOf(confirm.error)
      : !token
        ? 'expired'
        : null;

  // Details held from earlier in this visit show the old address: read them again next time.
  useEffect(() => {
    if (outcome === 'changed' && signedIn) void client.invalidateQueries({ queryKey: accountDetailsKey });
  }, [outcome, signedIn, client]);

  return (
    <Page heading="Confirm your new e-mail address" narrow>
      {/* Polite: the result is read out when it arrives, after the heading. */}
      <div aria-live="polite">
        {outcome === 'changed' ? (
          <div className="banner banner--success account-panel">
            <p>Your e-mail address has been changed.</p>
            <p>
              {signedIn ? (
                <Link to={CONTACT_DETAILS_PATH}>Back to your contact details</Link>
              ) : (
                <>
                  <Link to="/login">Log in</Link> with your new e-mail address.
                </>
              )}
            </p>
          </div>
        ) : null}
        {outcome === 'expired' ? (
          <div className="banner banner--error account-panel">
            <p>This link has expired or has already been used.</p>
            {ASK_AGAIN}
          </div>
        ) : null}
        {outcome === 'taken' ? (
          <div className="banner banner--error account-panel">
            <p>Email already exists.</p>
            <p>
              Another account now uses this address. You can choose a different one from{' '}
              <Link to="/account/change-email">Change Email</Link> in your contact details.
            </p>
          </div>
        ) : null}
        {outcome === 'failed' ? (
          <div className="banner banner--error account-panel">
            <p>Changing email failed.</p>
            {ASK_AGAIN}
          </div>
        ) : null}
      </div>
      {outcome ? null : <p aria-busy="true">Confirming your new e-mail address…</p>}
    </Page>
  );
}
