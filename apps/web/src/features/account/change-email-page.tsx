import { ErrorId } from '@lender/contract/error-ids';
import type { changeEmailFormSchema } from '@lender/contract/rules/password';
import { useState } from 'react';
import type { z } from 'zod';
import { ErrorBanner, useErrorBanner } from '../../components/form/error-banner';
import { ErrorSummary } from '../../components/form/error-summary';
import { Field } from '../../components/form/field';
import { SubmitButton } from '../../components/form/submit-button';
import { useContractForm } from '../../components/form/use-contract-form';
import { AccountPage } from './account-page';
import { useChangeEmail } from './change-email';
import { changeFailure } from './change-failure';
import { useHeldDetails } from './get-account-details';
import { BackLink, SuccessPanel } from './success-panel';
import { EmailInput } from '../../components/form/email-input';
import { usePasswordConfirmation } from './password-confirmation';

type Values = { newEmail: string; confirmEmail: string };
type Parsed = z.output<typeof changeEmailFormSchema>;

const loadSchema = () => import('@lender/contract/rules/password').then((m) => m.changeEmailFormSchema);

/** The body is the bare address, so a server message for it belongs to 'New Email'. */
const fieldFor = (path: string) => (path === 'confirmEmail' ? path : 'newEmail');

export function Component() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <AccountPage subheading="Change Email">
      {sentTo ? (
        <SuccessPanel heading="Link has been sent.">
          <p>
            Please click the verification link we sent to <span className="breakable">{sentTo}</span> to
            activate your new e-mail address. Until then we keep using your current address.
          </p>
        </SuccessPanel>
      ) : (
        <ChangeEmailForm onSent={setSentTo} />
      )}
    </AccountPage>
  );
}

function ChangeEmailForm({ onSent }: { onSent: (address: string) => void }) {
  const { contactDetails } = useHeldDetails();
  const change = useChangeEmail();
  const failure = useErrorBanner();
  const password = usePasswordConfirmation();
  const { form, errorOf, formProps, summary, busy } = useContractForm<Values, Parsed>({
    schema: loadSchema,
    defaultValues: { newEmail: '', confirmEmail: '' },
    fieldFor,
    onSubmit: async ({ newEmail }) => {
      failure.clear();
      await password.run(async () => {
        await change.mutateAsync(newEmail);
        onSent(newEmail);
      });
    },
    onError: (err) => {
      failure.fail(
        changeFailure(err, 'Changing email failed.', { [ErrorId.notFound]: 'Email already exists.' }),
      );
    },
  });
  const { register } = form;

  if (password.prompt) return password.prompt;
  return (
    <form {...formProps} className="form">
      <ErrorSummary summary={summary} />
      <p>
        Your e-mail address is <span className="breakable">{contactDetails.email}</span>. We will send a link
        to the new address; it is used only once you click that link.
      </p>
      <Field label="New Email" error={errorOf('newEmail')}>
        {(a11y) => <EmailInput {...a11y} {...register('newEmail')} />}
      </Field>
      <Field label="Confirm New Email" error={errorOf('confirmEmail')}>
        {(a11y) => <EmailInput {...a11y} {...register('confirmEmail')} />}
      </Field>
      <ErrorBanner {...failure.banner} />
      <div className="form-actions">
        <SubmitButton busy={busy}>Change Email</SubmitButton>
        <BackLink />
      </div>
    </form>
  );
}
