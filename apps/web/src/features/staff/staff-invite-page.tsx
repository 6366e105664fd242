import type { CallResponse } from '@lender/contract/api-calls';
import { staffInvitationCodeSchema } from '@lender/contract/calls/staff';
import { ErrorId } from '@lender/contract/error-ids';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Field } from '../../components/form/field';
import { PasswordHint } from '../../components/form/password-hint';
import { QueryProvider } from '../../lib/query';
import { staffCall, StaffCallError, staffMessage } from './staff-api';
import { fieldErrors } from './staff-field-errors';
import { StaffPublicFrame } from './staff-public-frame';
import { ROLE_NAMES } from './staff-session';

type Invitation = CallResponse<'staffInvitationCode'>;

/** A refusal that ends the invitation (used, expired, withdrawn, or void after 5 wrong codes): no form after it. */
const isOver = (err: unknown) =>
  err instanceof StaffCallError &&
  (err.error.errorID === ErrorId.staffInvitationClosed || err.error.errorID === ErrorId.staffInvitationVoid);

function InvitationOver({ message }: { message: string }) {
  return (
    <>
      <div className="banner banner--error" role="alert">
        {message}
      </div>
      <p>
        Ask an administrator for a new invitation, or <Link to="/staff/login">sign in</Link> if you have set
        up your account already.
      </p>
    </>
  );
}

/** The secret in groups of four, as authenticator apps show them: easier to type without a slip. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const navigate = useNavigate();
  return (
    <>
      <div className="banner banner--success" role="status">
        Your account is ready and you are signed in.
      </div>
      <h2>Your recovery codes</h2>
      <p>
        Each code signs you in once if you lose your authenticator. Keep them somewhere safe that is not this
        computer. They are shown only now.
      </p>
      <ul className="staff-codes" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <button type="button" className="button" onClick={() => void navigate('/staff', { replace: true })}>
        I have kept my codes: open the console
      </button>
    </>
  );
}

function Enrol({
  token,
  invitationCode,
  invitation,
}: {
  token: string;
  invitationCode: string;
  invitation: Invitation;
}) {
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<readonly string[] | null>(null);
  if (codes) return <RecoveryCodes codes={codes} />;
  if (over) return <InvitationOver message={over} />;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const password = String(form.get('password') ?? '');
    if (password !== String(form.get('confirm') ?? '')) {
      setError('The two passwords are not the same.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const done = await staffCall('staffAcceptInvitation', {
        token,
        invitationCode,
        password,
        code: String(form.get('code') ?? '').replace(/\s+/g, ''),
      });
      setCodes(done.recoveryCodes);
    } catch (err) {
      if (isOver(err)) setOver(staffMessage(err));
      else setError(staffMessage(err));
      setBusy(false);
    }
  };

  return (
    <>
      <p>
        Welcome, {invitation.displayName}. You are joining as <strong>{ROLE_NAMES[invitation.role]}</strong>{' '}
        with the sign-in <strong>{invitation.email}</strong>.
      </p>
      <h2>1. Add the console to your authenticator app</h2>
      <div className="staff-enrol">
        <img
          className="staff-enrol__qr"
          src={`data:image/svg+xml;utf8,${encodeURIComponent(invitation.qrSvg)}`}
          alt="QR code of your authenticator key"
          width={180}
          height={180}
        />
        <div>
          <p>Scan the code, or type this key into the app (time-based, 6 digits):</p>
          <p>
            <code className="staff-secret" aria-label="Authenticator key">
              {grouped(invitation.secretBase32)}
            </code>
          </p>
        </div>
      </div>
      <h2>2. Choose a password and confirm a code</h2>
      {error ? (
        <div className="banner banner--error" role="alert">
          {error}
        </div>
      ) : null}
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <Field label="Password" hint={<PasswordHint />}>
          {(a11y) => (
            <input
              {...a11y}
              className="input"
              name="password"
              type="password"
              autoComplete="new-password"
              required
            />
          )}
        </Field>
        <Field label="Password again">
          {(a11y) => (
            <input
              {...a11y}
              className="input"
              name="confirm"
              type="password"
              autoComplete="new-password"
              required
            />
          )}
        </Field>
        <Field label="Code from your authenticator app">
          {(a11y) => (
            <input
              {...a11y}
              className="input input--short"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
            />
          )}
        </Field>
        <button type="submit" className="button" disabled={busy}>
          Finish setting up
        </button>
      </form>
    </>
  );
}

/**
 * The first step (docs/decisions/071): the invitation code the administrator gave by phone or in person.
 * Nothing of the account, and no secret, is shown before the right code; a wrong one counts.
 */
function InvitationCode({ token, triesLeft }: { token: string; triesLeft: number }) {
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [over, setOver] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState<{ invitationCode: string; invitation: Invitation } | null>(null);
  if (opened) return <Enrol token={token} {...opened} />;
  if (over) return <InvitationOver message={over} />;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const invitationCode = String(new FormData(e.currentTarget).get('invitationCode') ?? '').trim();
    const found = fieldErrors(staffInvitationCodeSchema, { token, invitationCode }).invitationCode;
    setFieldError(found);
    setError(null);
    // A code that can never be right is not sent: it would cost a try for nothing.
    if (found) return;
    setBusy(true);
    try {
      const invitation = await staffCall('staffInvitationCode', { token, invitationCode });
      setOpened({ invitationCode, invitation });
    } catch (err) {
      if (isOver(err)) setOver(staffMessage(err));
      else setError(staffMessage(err));
      setBusy(false);
    }
  };

  const hint: ReactNode = (
    <>
      The 8 letters and digits your administrator gave you by phone or in person, like K7PM-4XQR. It is not in
      the e-mail. After {triesLeft === 1 ? '1 more wrong code' : `${triesLeft} wrong codes`} this invitation
      stops and your administrator must invite you again.
    </>
  );
  return (
    <>
      <p>To keep your account safe, first enter the invitation code your administrator gave you.</p>
      {error ? (
        <div className="banner banner--error" role="alert">
          {error}
        </div>
      ) : null}
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <Field label="Invitation code" hint={hint} error={fieldError}>
          {(a11y) => (
            <input
              {...a11y}
              className="input input--short"
              name="invitationCode"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={30}
              required
            />
          )}
        </Field>
        <button type="submit" className="button" disabled={busy}>
          Continue
        </button>
      </form>
    </>
  );
}

function InvitationPage() {
  const { token = '' } = useParams();
  const invitation = useQuery({
    queryKey: ['staffInvitation', token],
    queryFn: () => staffCall('staffInvitation', { token }),
    staleTime: Infinity,
  });
  if (invitation.error) return <InvitationOver message={staffMessage(invitation.error)} />;
  if (!invitation.data) return <p aria-busy="true">Opening your invitation…</p>;
  return <InvitationCode token={token} triesLeft={invitation.data.codeTriesLeft} />;
}

/** /staff/invite/:token (issue 48): a new member sets a password and enrols two-factor sign-in. */
export function Component() {
  return (
    <QueryProvider>
      <StaffPublicFrame heading="Set up your staff account">
        <InvitationPage />
      </StaffPublicFrame>
    </QueryProvider>
  );
}
