import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorBanner, useErrorBanner } from '../../components/form/error-banner';
import { ErrorSummary } from '../../components/form/error-summary';
import { Field } from '../../components/form/field';
import { SubmitButton } from '../../components/form/submit-button';
import { useContractForm } from '../../components/form/use-contract-form';
import { Page } from '../../components/page';
import { QueryProvider } from '../../lib/query';
import {
  forgotPasswordFailure,
  loadForgotPasswordSchema,
  useForgotPassword,
  type ForgotPasswordPayload,
} from './forgot-password';
import { SuccessPanel } from '../../components/success-panel';
import '../../components/form/form.css';
import './auth.css';
import { EmailInput } from '../../components/form/email-input';

export function Component() {
  return (
    <QueryProvider>
      <ForgotPasswordPage />
    </QueryProvider>
  );
}

/** The bare e-mail the call posts has no field name: its server message belongs to the one field. */
const onEmailField = (path: string) => (path === '' ? 'email' : path);

/** Spec section 2: the e-mail, 'Reset Password', then a message in place of the form. */
function ForgotPasswordPage() {
  const ask = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const failure = useErrorBanner();
  const { form, errorOf, formProps, summary, busy } = useContractForm<
    ForgotPasswordPayload,
    ForgotPasswordPayload
  >({
    schema: loadForgotPasswordSchema,
    defaultValues: { email: '' },
    fieldFor: onEmailField,
    onSubmit: async ({ email }) => {
      failure.clear();
      await ask.mutateAsync(email);
      setSentTo(email);
    },
    onError: (err) => {
      failure.fail(forgotPasswordFailure(err));
    },
  });

  return (
    <Page heading="Forgot Password" narrow>
      {sentTo ? (
        <SuccessPanel heading="Check your e-mail">
          <p>
            We have sent an e-mail with a link to reset your password to{' '}
            <strong className="breakable">{sentTo}</strong>.
          </p>
          <p>
            The link works once and for one hour. If the e-mail has not arrived in a few minutes, please check
            your spam or junk folder, and that this is the address you applied with.
          </p>
          <p>
            <Link to="/login">Login</Link>
          </p>
        </SuccessPanel>
      ) : (
        <>
          <p>Enter the e-mail address you applied with and we will send you a link to set a new password.</p>
          <form {...formProps} className="form">
            <ErrorSummary summary={summary} />
            <Field label="E-mail" error={errorOf('email')}>
              {(a11y) => <EmailInput {...a11y} autoComplete="username" {...form.register('email')} />}
            </Field>
            <ErrorBanner {...failure.banner} />
            <div className="form-actions">
              <SubmitButton busy={busy}>Reset Password</SubmitButton>
            </div>
          </form>
          <p className="auth-aside">
            <Link to="/login">Back to Login</Link>
          </p>
        </>
      )}
    </Page>
  );
}
