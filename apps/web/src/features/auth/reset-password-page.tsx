import { Msg } from '@lender/contract/rules/messages';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
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
import { PasswordInput } from '../../components/form/password-input';
import { SuccessPanel } from '../../components/success-panel';
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
  const change = useChangePasswordByGuid();
  const [done, setDone] = useState(false);
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
      await change.mutateAsync({ guid: token, newPassword });
      setDone(true);
    },
    onError: (err) => {
      failure.fail(resetPasswordFailure(err));
      setExpired(isLinkExpired(err));
    },
  });
  const { register } = form;

  return (
    <Page heading="Reset Password" narrow>
      {done ? (
        <SuccessPanel heading="Password Change Successful!">
          <p>You can now log in with your e-mail address and your new password.</p>
          <p>
            <Link to="/login">Login</Link>
          </p>
        </SuccessPanel>
      ) : (
        <>
          <p>Choose the password you will use to log in to your account.</p>
          <form {...formProps} className="form">
            <ErrorSummary summary={summary} />
            <Field label="New password" hint={Msg.passwordRule} error={errorOf('newPassword')}>
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
