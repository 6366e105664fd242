import type { ReactNode } from 'react';
import { ErrorBanner, type ErrorBannerState } from '../../../components/form/error-banner';
import { DigitsInput } from '../../../components/form/digits-input';
import { ErrorSummary } from '../../../components/form/error-summary';
import { CheckboxField, Field } from '../../../components/form/field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useContractForm } from '../../../components/form/use-contract-form';
import { EmailConfirmation } from './email-confirmation';
import { ResendControl } from './resend-control';
import { useSendVerificationSms } from './send-verification-sms';
import type { Stage5Payload } from './submit-stage5';

type Values = { smsCode: string; termsAccepted: boolean; understodInfo: boolean };

type Props = {
  guid: string;
  /** The agreements' buttons, read before anything is ticked. */
  documents: ReactNode;
  /** Sends the checked payload; a field error it throws is shown on its field by the form hook. */
  send: (payload: Stage5Payload) => Promise<void>;
  onError: (err: unknown) => void;
  /** The server's message for a refused signature, shown above the button, and a counter to focus it. */
  /** Why the last submit failed, above the button (the page's useErrorBanner). */
  failure: ErrorBannerState['banner'];
  /** How long each resend still waits as the page opens (GetEsign's answer). */
  resendWaits?: { sms: number; email: number };
};

const loadStage5Schema = () => import('@lender/contract/calls/register-stages').then((m) => m.stage5Schema);

/** A link in a tick box's label opens a new tab: following it here would lose the code being typed. */
function NewTabLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a href={to} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** Stage 5 (spec sections 2 and 5): the documents, the SMS code, the e-mail check and the two declarations. */
export function EsignForm({ guid, documents, send, onError, failure, resendWaits }: Props) {
  const resendSms = useSendVerificationSms();
  const { form, errorOf, formProps, summary, busy } = useContractForm<Values, Stage5Payload>({
    schema: loadStage5Schema,
    defaultValues: { smsCode: '', termsAccepted: false, understodInfo: false },
    toPayload: (v) => ({ ...v, guid }),
    onSubmit: send,
    onError,
  });
  const { register, formState } = form;
  // A wrong code is the server's answer, not something left out: only the form's own checks count here.
  const missing = Object.values(formState.errors).some((e) => e && e.type !== 'server');

  return (
    <form {...formProps} className="form esign-form">
      <ErrorSummary summary={summary} />

      <h2>Your documents</h2>
      <p>
        Please read your loan agreement, the adequate explanation of the loan and the pre-contract credit
        information (PCCI) before you sign.
      </p>
      {documents}

      <h2>Phone verification</h2>
      <Field
        label="SMS code"
        hint="The code in the text message we sent to your mobile."
        error={errorOf('smsCode')}
      >
        {(a11y) => (
          <DigitsInput {...a11y} autoComplete="one-time-code" maxLength={10} {...register('smsCode')} />
        )}
      </Field>
      <ResendControl
        label="Resend SMS code"
        sentMessage="We have sent you a new SMS code. The code sent before no longer works."
        send={() => resendSms.mutateAsync(guid)}
        initialWaitSeconds={resendWaits?.sms}
      />

      <h2>E-mail verification</h2>
      <EmailConfirmation guid={guid} initialWaitSeconds={resendWaits?.email} />

      <h2>Your declarations</h2>
      <CheckboxField
        error={errorOf('termsAccepted')}
        summaryName="Loan information and terms declaration"
        label={
          <>
            I confirm that I have read the pre-contract credit information and the adequate explanation of
            this loan, and that I have read and accept the{' '}
            <NewTabLink to="/info/privacy-policy">privacy policy</NewTabLink>, the{' '}
            <NewTabLink to="/info/terms-of-use">terms of use</NewTabLink> and the loan agreement. I understand
            that I am responsible for making every repayment in full and on time, and I confirm that I have
            the mental capacity to make my own decisions about this loan.
          </>
        }
      >
        {(a11y) => <input {...a11y} type="checkbox" {...register('termsAccepted')} />}
      </CheckboxField>
      <CheckboxField
        error={errorOf('understodInfo')}
        summaryName="Financial information declaration"
        label="I confirm that the financial information I have given is full and true; that I am not in, or about to enter, a formal debt solution such as an Individual Voluntary Arrangement, a Debt Relief Order or bankruptcy; that I have no gambling debts and do not gamble; and that I am not taking this loan to repay or refinance another loan."
      >
        {(a11y) => <input {...a11y} type="checkbox" {...register('understodInfo')} />}
      </CheckboxField>

      <ErrorBanner {...failure} />
      {missing ? (
        <p className="field__error esign-form__missing">Please fill the missing information</p>
      ) : null}
      <div className="form-actions">
        <SubmitButton busy={busy}>Let’s Proceed</SubmitButton>
      </div>
    </form>
  );
}
