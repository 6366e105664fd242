import type { VerificationState } from '@lender/contract/calls/open-banking';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Field } from '../form/field';
import { serverMessage } from '../../lib/api-client';
import { FoundInBank } from './found-in-bank';
import { saveDraft } from '../../lib/form-draft';
import { useBanks, useStartConnection } from './open-banking-api';
import type { ReturnTo } from './return-to';
import './open-banking.css';

const REQUIRED_TEXT: Record<VerificationState['requiredBecause'][number], string> = {
  modelledIncomeLow: 'the income your credit file suggests is well below the income you told us',
  declaredIncomeHigh: 'you told us your income is over £3,000 a month',
  fifthLoanInYear: 'this would be your fifth loan with us in a year',
};

type Props = {
  returnTo: ReturnTo;
  state: VerificationState;
  /** Keeps what the applicant has typed before they leave for their bank. */
  beforeLeave: () => void;
  /** Goes to the bank's page (tests watch it instead). */
  leave?: (url: string) => void;
};

const toBank = (url: string) => window.location.assign(url);

/**
 * 'Connect your bank to confirm your income' (issue 49): what is read, for how long and what for; a bank
 * to pick and a secondary button (the page's one primary action stays its own Next). Declining to connect
 * never blocks an application that does not require it.
 */
export function ConnectBank({ returnTo, state, beforeLeave, leave = toBank }: Props) {
  const headingId = useId();
  const [open, setOpen] = useState(state.required);
  const banks = useBanks(open);
  const start = useStartConnection();
  const [bankId, setBankId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const connect = async () => {
    if (!bankId) {
      setProblem('Please choose your bank.');
      return;
    }
    setProblem(null);
    try {
      const { authoriseUrl } = await start.mutateAsync({ bankId, returnTo });
      beforeLeave();
      saveDraft('bank-return-to', returnTo);
      leave(authoriseUrl);
    } catch (err) {
      setProblem(serverMessage(err));
    }
  };

  return (
    <section className="card bank-connect" aria-labelledby={headingId}>
      <h2 id={headingId}>Connect your bank to confirm your income</h2>
      {state.verification ? <FoundInBank found={state.verification} /> : null}
      {state.required ? (
        <p className="banner banner--info">
          {state.requiredBecause.length > 0
            ? `We need to see your bank account before we can decide, because ${state.requiredBecause
                .map((r) => REQUIRED_TEXT[r])
                .join(', and ')}.`
            : 'We need to see your bank account before we can decide on this loan.'}
        </p>
      ) : null}
      <p>
        {state.verification
          ? 'You can connect again if you use another account for your income.'
          : state.required
            ? 'Connecting takes a minute, through your own bank.'
            : 'This is optional. It can help us lend to you when your income varies.'}
      </p>
      <details className="bank-connect__about">
        <summary>What we read, for how long, and why</summary>
        <ul>
          <li>
            We read your accounts, their balances and 90 days of transactions, once, to confirm your income
            and your regular spending (rent, council tax, bills and credit repayments).
          </li>
          <li>We cannot move money or see your log-in details. Your bank asks you to approve.</li>
          <li>
            Your permission ends after 90 days, or sooner when you end it in your account under Bank
            connections. We delete the transactions 30 days after our decision and keep only the figures.
          </li>
          <li>
            More in our <Link to="/info/privacy-policy#open-banking">privacy policy</Link>.
          </li>
        </ul>
      </details>
      {open ? (
        <div className="bank-connect__choose">
          <Field label="Your bank" error={problem ?? undefined}>
            {(a11y) => (
              <select
                {...a11y}
                className="select"
                value={bankId}
                aria-busy={banks.isPending}
                onChange={(e) => setBankId(e.target.value)}
              >
                <option value="">{banks.isPending ? 'Loading banks…' : 'Choose'}</option>
                {(banks.data?.banks ?? []).map((b) => (
                  <option key={b.bankId} value={b.bankId}>
                    {b.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {banks.isError ? <p role="alert">{serverMessage(banks.error)}</p> : null}
          <button
            type="button"
            className="button button--secondary"
            disabled={start.isPending}
            onClick={() => void connect()}
          >
            Continue to your bank
          </button>
        </div>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          Connect your bank
        </button>
      )}
    </section>
  );
}
