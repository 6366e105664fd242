import { ErrorId } from '@lender/contract/error-ids';
import { useState } from 'react';
import { ErrorBanner, useErrorBanner } from '../../components/form/error-banner';
import { ErrorSummary } from '../../components/form/error-summary';
import { Field } from '../../components/form/field';
import { SubmitButton } from '../../components/form/submit-button';
import { useContractForm } from '../../components/form/use-contract-form';
import { ApiCallError } from '../../lib/api-client';
import { AccountPage } from './account-page';
import { useChangeMobile } from './change-mobile';
import { changeFailure } from './change-failure';
import { useHeldDetails } from './get-account-details';
import { BackLink, SuccessPanel } from './success-panel';
import { MobileInput } from '../../components/form/mobile-input';
import { usePasswordConfirmation } from './password-confirmation';

type Values = { newMobile: string };

/** The call's body is the number alone; the form names its one field. */
const loadSchema = () =>
  Promise.all([import('zod'), import('@lender/contract/calls/account')]).then(([{ z }, m]) =>
    z.object({ newMobile: m.changeMobileBodySchema }),
  );

const FAILED = 'Changing mobile failed.';

/** Spec section 8, with the server's reason as a second sentence when another account has the number. */
function failureText(err: unknown) {
  if (err instanceof ApiCallError && err.error.errorID === ErrorId.mobileAlreadyRegistered) {
    return [FAILED, err.error.errorMessage].filter(Boolean).join(' ');
  }
  return changeFailure(err, FAILED);
}

export function Component() {
  const [done, setDone] = useState(false);
  return (
    <AccountPage subheading="Change Mobile">
      {done ? (
        <SuccessPanel heading="Mobile changed successfully." />
      ) : (
        <ChangeMobileForm onDone={() => setDone(true)} />
      )}
    </AccountPage>
  );
}

function ChangeMobileForm({ onDone }: { onDone: () => void }) {
  const { contactDetails } = useHeldDetails();
  const change = useChangeMobile();
  const failure = useErrorBanner();
  const password = usePasswordConfirmation();
  const { form, errorOf, formProps, summary, busy } = useContractForm<Values, { newMobile: string }>({
    schema: loadSchema,
    defaultValues: { newMobile: '' },
    fieldFor: () => 'newMobile',
    onSubmit: async ({ newMobile }) => {
      failure.clear();
      await password.run(async () => {
        await change.mutateAsync(newMobile);
        onDone();
      });
    },
    onError: (err) => {
      failure.fail(failureText(err));
    },
  });

  if (password.prompt) return password.prompt;
  return (
    <form {...formProps} className="form">
      <ErrorSummary summary={summary} />
      <Field label="Existing mobile number">
        {(a11y) => <input {...a11y} className="input input--short" value={contactDetails.mobile} readOnly />}
      </Field>
      <Field label="New mobile number" hint="For example 07111111111" error={errorOf('newMobile')}>
        {(a11y) => <MobileInput {...a11y} {...form.register('newMobile')} />}
      </Field>
      <ErrorBanner {...failure.banner} />
      <div className="form-actions">
        <SubmitButton busy={busy}>Change Mobile</SubmitButton>
        <BackLink />
      </div>
    </form>
  );
}
