import { ErrorBanner, type ErrorBannerState } from '../../components/form/error-banner';
import { ErrorSummary } from '../../components/form/error-summary';
import { Field } from '../../components/form/field';
import { SubmitButton } from '../../components/form/submit-button';
import { useContractForm } from '../../components/form/use-contract-form';
import type { LoginPayload } from './login';
import { PasswordInput } from '../../components/form/password-input';
import { EmailInput } from '../../components/form/email-input';

type Props = {
  /** The button's words: 'Login', or 'Check my eligibility!' on the offer variants. */
  button: string;
  /** Shown under the button (the offer's credit-score note). */
  note?: string;
  send: (payload: LoginPayload) => Promise<void>;
  onError: (err: unknown) => void;
  /** Why the last attempt failed, above the button (the page's useErrorBanner). */
  failure: ErrorBannerState['banner'];
};

const loadLoginSchema = () => import('@lender/contract/rules/password').then((m) => m.loginFormSchema);

/** E-mail and password (spec sections 2 and 5), named so a password manager fills them. */
export function LoginForm({ button, note, send, onError, failure }: Props) {
  const { form, errorOf, formProps, summary, busy } = useContractForm<LoginPayload, LoginPayload>({
    schema: loadLoginSchema,
    defaultValues: { userName: '', password: '' },
    onSubmit: send,
    onError,
  });
  const { register } = form;

  return (
    <form {...formProps} className="form">
      <ErrorSummary summary={summary} />
      <Field label="E-mail" error={errorOf('userName')}>
        {(a11y) => <EmailInput {...a11y} autoComplete="username" {...register('userName')} />}
      </Field>
      <Field label="Password" error={errorOf('password')}>
        {(a11y) => <PasswordInput {...a11y} autoComplete="current-password" {...register('password')} />}
      </Field>

      <ErrorBanner {...failure} />
      <div className="form-actions">
        <SubmitButton busy={busy}>{button}</SubmitButton>
      </div>
      {note ? <p className="login__note">{note}</p> : null}
    </form>
  );
}
