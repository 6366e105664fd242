import { BRAND } from '@lender/contract/brand';
import {
  DEFAULT_INSTALMENT_MONTHS,
  INSTALMENT_MONTHS,
  MAX_AMOUNT,
  MIN_AMOUNT,
  ProductId,
  QUICK_AMOUNTS,
  SHORT_TERM_MONTHS,
} from '@lender/contract/constants';
import { Msg } from '@lender/contract/rules/messages';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MarketingCarousel } from '../../components/marketing-carousel';
import { Page } from '../../components/page';
import { hasSession, setTracking, TRACKING_KEYS } from '../../lib/session';
import { LoanTypeTabs, type LoanType } from './loan-type-tabs';
import { RepresentativeExample } from './representative-example';
import '../../components/form/form.css';
import './home.css';

type AmountChoice = (typeof QUICK_AMOUNTS)[number] | 'other';

/** The loan picker: no form library here, so the first page stays small. */
export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [type, setType] = useState<LoanType>('instalment');
  const [months, setMonths] = useState<number>(DEFAULT_INSTALMENT_MONTHS);
  const [amount, setAmount] = useState<AmountChoice | null>(null);
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorTarget = useRef<HTMLInputElement>(null);

  // Where the visitor came from is kept for this visit and sent with the application.
  useEffect(() => {
    for (const key of TRACKING_KEYS) {
      const value = params.get(key);
      if (value) setTracking(key, value.slice(0, 100));
    }
  }, [params]);

  const chooseType = (t: LoanType) => {
    setType(t);
    setMonths(t === 'instalment' ? DEFAULT_INSTALMENT_MONTHS : SHORT_TERM_MONTHS);
  };

  const validate = (): number | string => {
    if (amount === null) return Msg.chooseAmount;
    if (amount !== 'other') return amount;
    const value = Number(other);
    if (other.trim() === '' || !Number.isInteger(value) || value < MIN_AMOUNT) return Msg.chooseAmount;
    if (value > MAX_AMOUNT) return Msg.amountTooHigh;
    return value;
  };

  const apply = () => {
    if (hasSession()) return void navigate('/borrow');
    const result = validate();
    if (typeof result === 'string') {
      setError(result);
      requestAnimationFrame(() => errorTarget.current?.focus());
      return;
    }
    const product = type === 'instalment' ? ProductId.longTerm : ProductId.shortTerm;
    void navigate(`/loan/stage1?amount=${result}&months=${months}&product=${product}`);
  };

  const revalidate = (next: () => void) => {
    next();
    if (error) setError(null);
  };

  return (
    <Page
      heading="Small loans from £1 to £1,000"
      title="Small loans"
      lead="Direct lender. Apply online in minutes and get a quote in about 60 seconds."
    >
      <form
        className="loan-picker card"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <LoanTypeTabs value={type} onChange={chooseType} />
        <fieldset
          className={`field${error ? ' field--error' : ''}`}
          aria-describedby={error ? 'amount-error' : undefined}
        >
          <legend className="field__label">How much would you like to borrow?</legend>
          {error ? (
            <p className="field__error" id="amount-error">
              <span className="visually-hidden">Error: </span>
              {error}
            </p>
          ) : null}
          <div
            className="choice-group__items choice-group--inline"
            style={{ display: 'flex', flexWrap: 'wrap' }}
          >
            {[...QUICK_AMOUNTS, 'other' as const].map((a, i) => (
              <label key={a} className="choice choice--pill">
                <input
                  ref={i === 0 ? errorTarget : undefined}
                  type="radio"
                  name="amount"
                  value={a}
                  checked={amount === a}
                  onChange={() => revalidate(() => setAmount(a))}
                />
                <span>{a === 'other' ? 'Other' : `£${a}`}</span>
              </label>
            ))}
          </div>
          {amount === 'other' ? (
            <div className="field" style={{ marginTop: 'var(--space-3)' }}>
              <label className="field__label" htmlFor="other-amount">
                Other amount (£1 to £1,000)
              </label>
              <input
                id="other-amount"
                className="input input--short"
                inputMode="numeric"
                autoComplete="off"
                value={other}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? 'amount-error' : undefined}
                onChange={(e) => revalidate(() => setOther(e.target.value.replace(/[^\d]/g, '')))}
              />
            </div>
          ) : null}
        </fieldset>
        {type === 'instalment' ? (
          <fieldset className="field">
            <legend className="field__label">Over how many months?</legend>
            <div
              className="choice-group__items"
              style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--space-2)' }}
            >
              {INSTALMENT_MONTHS.map((m) => (
                <label key={m} className="choice choice--pill">
                  <input
                    type="radio"
                    name="months"
                    value={m}
                    checked={months === m}
                    onChange={() => setMonths(m)}
                  />
                  <span>{m} months</span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : (
          <p>Repay in one payment after 1 month.</p>
        )}
        <button type="submit" className="button button--block">
          Apply Now
        </button>
        <p className="loan-picker__note">Checking your quote will not affect your credit score.</p>
      </form>
      <p>
        <a href={BRAND.compareLendersUrl} rel="noopener noreferrer" target="_blank">
          Compare lenders and alternatives to a short-term loan
        </a>
      </p>
      <MarketingCarousel />
      <RepresentativeExample />
    </Page>
  );
}
