import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { serverMessage } from '../../lib/api-client';
import { completeConnection } from '../../components/open-banking/open-banking-api';
import { RETURN_PATHS, type BankOutcome, type ReturnTo } from '../../components/open-banking/return-to';
import { takeDraft } from '../../lib/form-draft';

/**
 * Where the applicant's bank sends them back (issue 49): the code (or the bank's refusal) and our state
 * go to the server, which reads the account, then the applicant is taken back to the page they left,
 * their answers kept. Only the signed-in customer who started the connection can complete it.
 */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    // Once: a second render must not spend the bank's single-use code again.
    if (sent.current) return;
    sent.current = true;
    const state = params.get('state') ?? '';
    const code = params.get('code') ?? undefined;
    const error = params.get('error') ?? (code ? undefined : 'no_code');
    completeConnection({ state, code, error })
      .then((result) => {
        const outcome: BankOutcome = { bankOutcome: result.outcome };
        void navigate(RETURN_PATHS[result.returnTo], { replace: true, state: outcome });
      })
      .catch((err: unknown) => setProblem(serverMessage(err)));
  }, [params, navigate]);

  const back = RETURN_PATHS[takeDraft<ReturnTo>('bank-return-to') ?? 'stage3'];
  return (
    <Page heading="Connecting your bank" narrow>
      {problem ? (
        <>
          <p className="banner banner--error" role="alert">
            {problem}
          </p>
          <p>
            <Link to={back}>Back to your application</Link>
          </p>
        </>
      ) : (
        <p aria-busy="true">Reading your account. This takes a few seconds…</p>
      )}
    </Page>
  );
}
