import { TIMINGS } from '@lender/contract/timings';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { QueryProvider } from '../../lib/query';
import { useCheckEmailVerification } from './check-email-verification';

export function Component() {
  return (
    <QueryProvider>
      <EmailVerificationPage />
    </QueryProvider>
  );
}

/**
 * The page the e-mail's verification link opens (spec section 2): it confirms the address and returns
 * to the e-sign page after 1 s, or says the link did not work and leads back to the loan.
 */
function EmailVerificationPage() {
  const [params] = useSearchParams();
  const guid = params.get('guid') ?? '';
  const verification = params.get('verification') ?? '';
  const navigate = useNavigate();
  const check = useCheckEmailVerification(guid, verification);
  const esignPath = `/loan/stage5/${encodeURIComponent(guid)}`;
  const verified = check.data?.verified === true;
  // A link without its parts is not checked at all, and a refused check is a link that did not work.
  const failed = !guid || !verification || check.isError || check.data?.verified === false;

  useEffect(() => {
    if (!verified) return;
    const back = setTimeout(() => void navigate(esignPath, { replace: true }), TIMINGS.verifiedReturnMs);
    return () => clearTimeout(back);
  }, [verified, esignPath, navigate]);

  return (
    <Page heading="E-mail verification">
      <div aria-live="polite">
        {verified ? <p className="banner banner--success">Verified, can close this page.</p> : null}
        {failed ? (
          <>
            <p className="banner banner--error">
              Verification not confirmed, request new verification email.
            </p>
            <p>
              {guid ? (
                <Link to={esignPath}>Back to your loan</Link>
              ) : (
                <Link to="/">Back to the home page</Link>
              )}{' '}
              to ask for a new verification e-mail.
            </p>
          </>
        ) : null}
      </div>
      {verified || failed ? null : <p aria-busy="true">Checking your link…</p>}
    </Page>
  );
}
