import type { VerifyLandingCode } from '@lender/contract/calls/lead-provider';
import { ErrorId } from '@lender/contract/error-ids';
import { useState } from 'react';
import { ErrorBanner, useErrorBanner } from '../../components/form/error-banner';
import { DigitsInput } from '../../components/form/digits-input';
import { ErrorSummary } from '../../components/form/error-summary';
import { Field } from '../../components/form/field';
import { SubmitButton } from '../../components/form/submit-button';
import { useContractForm } from '../../components/form/use-contract-form';
import { ApiCallError, serverMessage } from '../../lib/api-client';
import { useCountdown } from '../../lib/use-countdown';
import { sendLandingCode, verifyLandingCode } from './landing-code';

type Via = 'sms' | 'email';
type Props = {
  guid: string;
  /** The code was right: the landing is this browser's, and the offer may be shown. */
  onProven: () => void;
  /** A refusal the page handles itself (210: the link is closed). */
  onClosed: () => void;
};

const WHERE: Record<Via, string> = {
  sms: 'by text message to the mobile number',
  email: 'by e-mail to the e-mail address',
};

const loadSchema = () =>
  import('@lender/contract/calls/lead-provider').then((m) => m.verifyLandingCodeSchema);

const isClosed = (err: unknown) =>
  err instanceof ApiCallError && err.error.errorID === ErrorId.leadAlreadyUsed;

/**
 * The landing page's proof of identity (issue 45): the link alone is not proof, so before the offer (and
 * any detail of the person beyond their first name) the visitor enters a code we send to the mobile or
 * e-mail the application holds. First a choice of where to send it, then the code's form: one primary
 * action each.
 */
export function LandingCodeStep({ guid, onProven, onClosed }: Props) {
  const [sentVia, setSentVia] = useState<Via | null>(null);
  const [sending, setSending] = useState(false);
  const { secondsLeft, start } = useCountdown();
  const [note, setNote] = useState('');
  const failure = useErrorBanner();

  const send = async (via: Via) => {
    if (sending || (sentVia && secondsLeft > 0)) return;
    setSending(true);
    failure.clear();
    setNote('');
    try {
      const answer = await sendLandingCode(guid, via);
      setSentVia(via);
      start(answer.nextSendInSeconds);
      if (sentVia) setNote(`We have sent a new code ${WHERE[via]} you gave us.`);
    } catch (err) {
      if (isClosed(err)) return onClosed();
      if (err instanceof ApiCallError && err.status === 429) {
        const wait = err.object as { nextSendInSeconds?: number } | null;
        if (typeof wait?.nextSendInSeconds === 'number') start(wait.nextSendInSeconds);
        setSentVia((v) => v ?? via);
      }
      failure.fail(serverMessage(err));
    } finally {
      setSending(false);
    }
  };

  const { form, errorOf, formProps, summary, busy } = useContractForm<{ code: string }, VerifyLandingCode>({
    schema: loadSchema,
    defaultValues: { code: '' },
    toPayload: (values) => ({ guid, code: values.code }),
    onSubmit: async (payload) => {
      failure.clear();
      await verifyLandingCode(payload);
      onProven();
    },
    onError: (err) => (isClosed(err) ? onClosed() : failure.fail(serverMessage(err))),
  });

  if (sentVia === null) {
    return (
      <section className="landing-code" aria-labelledby="landing-code-heading">
        <h2 id="landing-code-heading">First, confirm it is you</h2>
        <p>
          To keep your application safe, we check that it is you before we show your offer. We will send a
          6-digit code to the mobile number you gave with your application.
        </p>
        <ErrorBanner {...failure.banner} />
        <div className="form-actions">
          <button
            type="button"
            className="button"
            aria-disabled={sending || undefined}
            onClick={() => void send('sms')}
          >
            Text me a code
          </button>
        </div>
        <p className="landing-code__other">
          <button type="button" className="link-button" onClick={() => void send('email')}>
            E-mail me the code instead
          </button>
        </p>
      </section>
    );
  }

  const other: Via = sentVia === 'sms' ? 'email' : 'sms';
  const waiting = secondsLeft > 0;
  return (
    <section className="landing-code" aria-labelledby="landing-code-heading">
      <h2 id="landing-code-heading">Enter the code we sent you</h2>
      <p>
        We have sent a 6-digit code {WHERE[sentVia]} you gave with your application. It works for 10 minutes.
      </p>
      <form {...formProps} className="form">
        <ErrorSummary summary={summary} />
        <Field label="Code" hint="6 digits" error={errorOf('code')}>
          {(a11y) => <DigitsInput {...a11y} autoComplete="one-time-code" {...form.register('code')} />}
        </Field>
        <ErrorBanner {...failure.banner} />
        <div className="form-actions">
          <SubmitButton busy={busy}>Continue</SubmitButton>
        </div>
      </form>
      <div className="landing-code__resend">
        <p>Not received it?</p>
        <p>
          <button
            type="button"
            className="link-button"
            aria-disabled={waiting || sending || undefined}
            aria-describedby={waiting ? 'landing-code-wait' : undefined}
            onClick={() => void send(sentVia)}
          >
            Send a new code
          </button>
          {waiting ? (
            <span id="landing-code-wait" className="landing-code__wait">
              {' '}
              (you can ask again in {secondsLeft} s)
            </span>
          ) : null}
        </p>
        <p>
          <button
            type="button"
            className="link-button"
            aria-disabled={waiting || sending || undefined}
            onClick={() => void send(other)}
          >
            {other === 'email' ? 'Send it by e-mail instead' : 'Send it by text message instead'}
          </button>
        </p>
        <p role="status">{note}</p>
      </div>
    </section>
  );
}
