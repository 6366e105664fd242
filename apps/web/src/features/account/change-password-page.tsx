import type { changePasswordFormSchema } from '@lender/contract/rules/password';
import { useState } from 'react';
import type { z } from 'zod';
import { ErrorBanner, useErrorBanner } from '../../components/form/error-banner';
import { ErrorSummary } from '../../components/form/error-summary';
import { Field } from '../../components/form/field';
import { PasswordHint } from '../../components/form/password-hint';
import { PasswordInput } from '../../components/form/password-input';
import { SubmitButton } from '../../components/form/submit-button';
import { useContractForm } from '../../components/form/use-contract-form';
import { AccountPage } from './account-page';
import { useChangePassword } from './change-password';
import { changeFailure } from './change-failure';
import { useHeldDetails } from './get-account-details';
import { BackLink, SuccessPanel } from './success-panel';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };
type Parsed = z.output<typeof changePasswordFormSchema>;

const loadSchema = () => import('@lender/contract/rules/password').then((m) => m.changePasswordFormSchema);

const FAILED = 'Changing password failed.';

export function Component() {
  const [done, setDone] = useState(false);
  return (
    <AccountPage subheading="Change Password">
      {done ? (
        <SuccessPanel heading="Password changed successfully." />
      ) : (
        <ChangePasswordForm onDone={() => setDone(true)} />
      )}
    </AccountPage>
  );
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { contactDetails } = useHeldDetails();
  const change = useChangePassword();
  const failure = useErrorBanner();
  const { form, errorOf, formProps, summary, busy } = useContractForm<Values, Parsed>({
    schema: loadSchema,
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    onSubmit: async ({ oldPassword, newPassword }) => {
      failure.clear();
      await change.mutateAsync({ oldPassword, newPassword });
      onDone();
    },
    // A common new password comes back as a 400 on its field (the form hook). A wrong existing password
    // (errorID 232) and any other refusal get the spec's one sentence.
    onError: (err) => {
      failure.fail(changeFailure(err, FAILED));
    },
  });
  const { register } = form;

  return (
    <form {...formProps} className="form">
      <ErrorSummary summary={summary} />
      {/* Tells a password manager whose password this is, so it updates the right entry. */}
      <input type="email" autoComplete="username" value={contactDetails.email} readOnly hidden />
      <Field label="Existing password" error={errorOf('oldPassword')}>
        {(a11y) => (
          <PasswordInput
            {...a11y}
            autoComplete="current-password"
            what="existing password"
            {...register('oldPassword')}
          />
        )}
      </Field>
      <Field label="New password" hint={<PasswordHint changing />} error={errorOf('newPassword')}>
        {(a11y) => (
          <PasswordInput
            {...a11y}
            autoComplete="new-password"
            what="new password"
            {...register('newPassword')}
          />
        )}
      </Field>
      <Field label="Confirm new password" error={errorOf('confirmPassword')}>
        {(a11y) => (
          <PasswordInput
            {...a11y}
            autoComplete="new-password"
            what="new password again"
            {...register('confirmPassword')}
          />
        )}
      </Field>
      <ErrorBanner {...failure.banner} />
      <div className="form-actions">
        <SubmitButton busy={busy}>Change Password</SubmitButton>
        <BackLink />
      </div>
    </form>
  );
}
