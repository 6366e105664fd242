import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Field } from '../../components/form/field';
import { queryClient } from '../../lib/query';
import { staffCall, staffMessage } from './staff-api';
import { StaffPublicFrame } from './staff-public-frame';

/** Only a console path is a place to return to after signing in: never another site. */
const returnPath = (from: string | null) => (from && /^\/staff(\/[\w/-]*)?$/.test(from) ? from : '/staff');

/**
 * /staff/login (issue 48): e-mail, password and the authenticator's code (or a recovery code) in one
 * form, so a refusal never says which of them was wrong.
 */
export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    setBusy(true);
    setError(null);
    try {
      const me = await staffCall('staffLogin', {
        email: text('email'),
        password: String(form.get('password') ?? ''),
        code: text('code').replace(/\s+/g, ''),
      });
      queryClient.setQueryData(['staffMe'], me);
      void navigate(returnPath(params.get('from')), { replace: true });
    } catch (err) {
      setError(staffMessage(err));
      setBusy(false);
    }
  };

  return (
    <StaffPublicFrame heading="Sign in to the staff console">
      {error ? (
        <div className="banner banner--error" role="alert">
          {error}
        </div>
      ) : null}
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <Field label="Work e-mail">
          {(a11y) => (
            <input {...a11y} className="input" name="email" type="email" autoComplete="username" required />
          )}
        </Field>
        <Field label="Password">
          {(a11y) => (
            <input
              {...a11y}
              className="input"
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
          )}
        </Field>
        <Field
          label="Authenticator code"
          hint="The 6 digits your authenticator app shows now, or one of your recovery codes."
        >
          {(a11y) => (
            <input
              {...a11y}
              className="input input--short"
              name="code"
              autoComplete="one-time-code"
              inputMode="text"
              required
            />
          )}
        </Field>
        <button type="submit" className="button" disabled={busy}>
          Sign in
        </button>
      </form>
    </StaffPublicFrame>
  );
}
