import { flushSync } from 'react-dom';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useErrorBanner } from '../../components/form/error-banner';
import { Page } from '../../components/page';
import { QueryProvider } from '../../lib/query';
import { handOverToSigning } from '../../lib/hand-over-to-signing';
import { afterLogin } from './after-login';
import { keepSession, loginFailureMessage, rememberNames, useLogin, type LoginPayload } from './login';
import { LoginForm } from './login-form';
import { loginVariant } from './login-variant';
import '../../components/form/form.css';
import './auth.css';

/** One login screen for /login, /login-returning-customers and /login-discount (spec section 2). */
export function Component() {
  return (
    <QueryProvider>
      <LoginPage />
    </QueryProvider>
  );
}

function LoginPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const variant = loginVariant(pathname, params.get('percent'));
  const state = params.get('state');
  const navigate = useNavigate();
  const loginCall = useLogin();
  const failure = useErrorBanner();

  const send = async (payload: LoginPayload) => {
    failure.clear();
    const answer = await loginCall.mutateAsync(payload);
    const next = afterLogin(answer, state);
    if (!next.keepSession) {
      // E-sign happens signed out: the session this login opened is exchanged for a signing link of
      // this browser's own, then ended rather than left unused.
      void navigate(await handOverToSigning(answer));
      return;
    }
    // This screen is for signed-out visitors only: storing the session makes its guard send the person
    // to borrow at once, while a navigation waits for the next page's code. Letting the guard act first
    // (flushSync) means the navigation below comes last and decides where the person lands.
    flushSync(() => keepSession(answer, payload.userName));
    void navigate(next.path, { replace: true });
    void rememberNames();
  };

  const onError = (err: unknown) => {
    failure.fail(loginFailureMessage(err));
  };

  return (
    <Page heading={variant.heading} title="Login" narrow>
      {variant.offer ? (
        <p>
          As a returning customer you may be eligible for a discount on the interest of your next loan. Log in
          with the e-mail address and password of your account to check.
        </p>
      ) : (
        <p>Log in to see your loan, make a payment or change your contact details.</p>
      )}
      <LoginForm
        button={variant.button}
        note={variant.offer ? 'Verifying your eligibility will not affect your credit score' : undefined}
        send={send}
        onError={onError}
        failure={failure.banner}
      />
      <p className="auth-aside">
        <Link to="/forgot-password">Forgot Password</Link>
      </p>
    </Page>
  );
}
