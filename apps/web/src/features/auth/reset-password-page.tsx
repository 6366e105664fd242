import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { hasSession } from '../../lib/session';
import { ErrorBanner, useErrorBanner } from '../../components/form/error-banner';
import { ErrorSummary } from '../../components/form/error-summary';
import { Field } from '../../components/form/field';
import { SubmitButton } from '../../components/form/submit-button';
import { useContractForm } from '../../components/form/use-contract-form';
import { Page } from '../../components/page';
import { QueryProvider } from '../../lib/query';
import {
  isLinkExpired,
  loadResetPasswordSchema,
  resetPasswordFailure,
  useChangePasswordByGuid,
  type ResetPasswordValues,
} from './change-password-by-guid';
import { PasswordHint } from '../../components/form/password-hint';
import { PasswordInput } from '../../components/form/password-input';
import { SuccessPanel } from '../../components/success-panel';
import { handOverToSigning } from '../../lib/hand-over-to-signing';
import { afterLogin } from './after-login';
import { keepSession, rememberNames } from './login';
import '../../components/form/form.css';
import './auth.css';

export function Component() {
  return (
    <QueryProvider>
      <ResetPasswordPage />
    </QueryProvider>
  );
}

/**
 * Spec section 2: the new password twice and RESET. The same link sets the first password of someone who
 * applied online (the welcome e-mail), so the words fit both.
 */
function ResetPasswordPage() {
  const { token = '' } = useParams();
  // For signed-out visitors (spec section 2), checked on arrival only: the reset itself signs in.
  const [arrivedSignedIn] = useState(hasSession);
  const change = useChangePasswordByGuid();
  const [done, setDone] = useState<string | null>(null);
  const failure = useErrorBanner();
  const [expired, setExpired] = useState(false);
  const { form, errorOf, formProps, summary, busy } = useContractForm<
    ResetPasswordValues,
    ResetPasswordValues
  >({
    schema: loadResetPasswordSchema,
    defaultValues: { newPassword: '', confirmPassword: '' },
    onSubmit: async ({ newPassword }) => {
      failure.clear();
      setExpired(false);
      const answer = await change.mutateAsync({ guid: token, newPassword });
      // The link proved the mailbox: the reset signs in (issue 26), like a login, and lifts a lock.
      const next = afterLogin(answer, null);
      if (!next.keepSession) {
        setDone(await handOverToSigning(answer));
        return;
      }
      keepSession(answer, null);
      void rememberNames();
      setDone(next.path);
    },
    onError: (err) => {
      failure.fail(resetPasswordFailure(err));
      setExpired(isLinkExpired(err));
    },
  });
  const { register } = form;

  if (arrivedSignedIn) return <Navigate to="/borrow" replace />;
  return (
    <Page heading="Reset Password" narrow>
      {done ? (
        <SuccessPanel heading="Password Change Successful!">
          <p>You are signed in with your new password. Next time, log in with your e-mail address and it.</p>
          <p>
            <Link to={done}>Continue to your account</Link>
          </p>
        </SuccessPanel>
      ) : (
        <>
          <p>Choose the password you will use to log in to your account.</p>
          <form {...formProps} className="form">
            <ErrorSummary summary={summary} />
            <Field label="New password" hint={<PasswordHint />} error={errorOf('newPassword')}>
              {(a11y) => (
                <PasswordInput
                  {...a11y}
                  autoComplete="new-password"
                  what="new password"
                  {...register('newPassword')}
                />
              )}
            </Field>
            <Field label="Confirm password" error={errorOf('confirmPassword')}>
              {(a11y) => (
                <PasswordInput
                  {...a11y}
                  autoComplete="new-password"
                  what="password confirmation"
                  {...register('confirmPassword')}
                />
              )}
            </Field>
            <ErrorBanner {...failure.banner} />
            {expired ? (
              <p>
                <Link to="/forgot-password">Ask for a new link</Link>
              </p>
            ) : null}
            <div className="form-actions">
              <SubmitButton busy={busy}>RESET</SubmitButton>
            </div>
          </form>
        </>
      )}
    </Page>
  );
}
