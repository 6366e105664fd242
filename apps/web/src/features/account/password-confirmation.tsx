import { ErrorId } from '@lender/contract/error-ids';
import { Refusal } from '@lender/contract/refusals';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ErrorBanner, useErrorBanner } from '../../components/form/error-banner';
import { ErrorSummary } from '../../components/form/error-summary';
import { Field } from '../../components/form/field';
import { PasswordInput } from '../../components/form/password-input';
import { SubmitButton } from '../../components/form/submit-button';
import { useContractForm } from '../../components/form/use-contract-form';
import { ApiCallError, callApi } from '../../lib/api-client';
import { changeFailure } from './change-failure';

type Values = { password: string };

const loadSchema = () => import('@lender/contract/calls/account').then((m) => m.confirmPasswordSchema);

const needsPassword = (err: unknown) =>
  err instanceof ApiCallError && err.error.errorID === ErrorId.passwordConfirmationNeeded;

/**
 * A change of the e-mail address or mobile number needs the password proved within the last few minutes
 * (docs/decisions/020). `run` makes the change; when the server asks for the password first, the change
 * waits, `prompt` asks for the password (Account/ConfirmPassword), and the change is made once it is
 * right. One pattern for every change that moves the account's contact points.
 */
export function usePasswordConfirmation() {
  const [waiting, setWaiting] = useState<(() => Promise<void>) | null>(null);
  return {
    /** True when the change was made; false when it waits for the password. */
    async run(change: () => Promise<void>): Promise<boolean> {
      try {
        await change();
        return true;
      } catch (err) {
        if (!needsPassword(err)) throw err;
        setWaiting(() => change);
        return false;
      }
    },
    prompt: waiting ? (
      <ConfirmPasswordForm
        change={async () => {
          await waiting();
          setWaiting(null);
        }}
      />
    ) : null,
  };
}

function ConfirmPasswordForm({ change }: { change: () => Promise<void> }) {
  const confirm = useMutation({ mutationFn: (v: Values) => callApi('confirmPassword', v) });
  const failure = useErrorBanner();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { form, errorOf, formProps, summary, busy } = useContractForm<Values, Values>({
    schema: loadSchema,
    defaultValues: { password: '' },
    onSubmit: async (values) => {
      failure.clear();
      await confirm.mutateAsync(values);
      await change();
    },
    onError: (err) => {
      const wrong = err instanceof ApiCallError && err.error.errorID === ErrorId.wrongPassword;
      failure.fail(
        wrong ? Refusal.passwordNotConfirmed.errorMessage : changeFailure(err, Refusal.generic.errorMessage),
      );
    },
  });
  return (
    <section className="confirm-password" aria-labelledby="confirm-password-heading">
      <h3 id="confirm-password-heading" ref={heading} tabIndex={-1}>
        Confirm it is you
      </h3>
      <p>{Refusal.passwordConfirmationNeeded.errorMessage}</p>
      <form {...formProps} className="form">
        <ErrorSummary summary={summary} />
        <Field label="Your password" error={errorOf('password')}>
          {(a11y): ReactNode => (
            <PasswordInput
              {...a11y}
              autoComplete="current-password"
              what="password"
              {...form.register('password')}
            />
          )}
        </Field>
        <ErrorBanner {...failure.banner} />
        <div className="form-actions">
          <SubmitButton busy={busy}>Confirm</SubmitButton>
        </div>
      </form>
    </section>
  );
}
