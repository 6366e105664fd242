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
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MarketingCarousel } from '../../components/marketing-carousel';
import { Page } from '../../components/page';
import { hasSession, setTracking, TRACKING_KEYS } from '../../lib/session';
import { useHydrated } from '../../lib/use-hydrated';
import { FieldError } from '../../components/form/field-error';
import { checkAmount, type AmountChoice } from './check-amount';
import { LOAN_PANEL_ID, LoanTypeTabs, type LoanType } from './loan-type-tabs';
import { RepresentativeExample } from './representative-example';
import '../../components/form/form.css';
import './home.css';

const pounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
/** The loan limits as the page writes them ('£1 to £1,000'), from the contract's constants. */
const RANGE = `${pounds.format(MIN_AMOUNT)} to ${pounds.format(MAX_AMOUNT)}`;

const POINTS = [
  'Authorised and regulated by the Financial Conduct Authority',
  'Apply online 24 hours a day, 7 days a week',
  'Every cost shown before you agree to anything',
];

/** The loan picker: no form library here, so the first page stays small. */
export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [type, setType] = useState<LoanType>('instalment');
  const [months, setMonths] = useState<number>(DEFAULT_INSTALMENT_MONTHS);
  const [amount, setAmount] = useState<AmountChoice | null>(null);
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | null>(null);
  const firstAmount = useRef<HTMLInputElement>(null);
  const otherInput = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();

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

  const apply = () => {
    if (hasSession()) return void navigate('/borrow');
    const result = checkAmount(amount, other);
    if (typeof result === 'string') {
      setError(result);
      // The control to put right: the amount typed, or the first amount to choose.
      requestAnimationFrame(() => (amount === 'other' ? otherInput : firstAmount).current?.focus());
      return;
    }
    const product = type === 'instalment' ? ProductId.longTerm : ProductId.shortTerm;
    void navigate(`/loan/stage1?amount=${result}&months=${months}&product=${product}`);
  };

  const revalidate = (next: () => void) => {
    next();
    if (error) setError(null);
  };

  const picker = (
    <form
      className="loan-picker"
      aria-label="Choose your loan"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      {/* Disabled in the prerendered HTML until React takes it over: a tab chosen or Apply Now pressed
          before then would do nothing, or send the form as a plain page request. */}
      <fieldset className="loan-picker__controls" disabled={!hydrated}>
        <LoanTypeTabs value={type} onChange={chooseType} />
        <div
          className="loan-picker__panel"
          id={LOAN_PANEL_ID}
          role="tabpanel"
          aria-labelledby={`loan-tab-${type}`}
        >
          <fieldset
            className={`field${error ? ' field--error' : ''}`}
            aria-describedby={error ? 'amount-error' : undefined}
          >
            <legend className="field__label">How much would you like to borrow?</legend>
            <FieldError id="amount-error" message={error ?? undefined} />
            <div className="tiles tiles--amounts">
              {[...QUICK_AMOUNTS, 'other' as const].map((a, i) => (
                <label key={a} className="tile">
                  <input
                    ref={i === 0 ? firstAmount : undefined}
                    className="tile__input"
                    type="radio"
                    name="amount"
                    value={a}
                    checked={amount === a}
                    onChange={() => revalidate(() => setAmount(a))}
                  />
                  <span className="tile__face">{a === 'other' ? 'Other' : pounds.format(a)}</span>
                </label>
              ))}
            </div>
            {amount === 'other' ? (
              <div className="loan-picker__other">
                <label className="field__label" htmlFor="other-amount">
                  Other amount ({RANGE})
                </label>
                <div className="loan-picker__money">
                  <span className="loan-picker__money-unit" aria-hidden="true">
                    £
                  </span>
                  <input
                    ref={otherInput}
                    id="other-amount"
                    className="input"
                    inputMode="numeric"
                    autoComplete="off"
                    value={other}
                    aria-invalid={Boolean(error)}
                    aria-describedby={error ? 'amount-error' : undefined}
                    onChange={(e) => revalidate(() => setOther(e.target.value.replace(/[^\d]/g, '')))}
                  />
                </div>
              </div>
            ) : null}
          </fieldset>
          {type === 'instalment' ? (
            <fieldset className="field">
              <legend className="field__label">Over how many months?</legend>
              <div className="tiles tiles--months">
                {INSTALMENT_MONTHS.map((m) => (
                  <label key={m} className="tile">
                    <input
                      className="tile__input"
                      type="radio"
                      name="months"
                      value={m}
                      checked={months === m}
                      onChange={() => setMonths(m)}
                    />
                    <span className="tile__face">
                      <span className="tile__number">{m}</span> <span className="tile__unit">months</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : (
            <p className="loan-picker__single">
              Repay in one payment after {SHORT_TERM_MONTHS} month{SHORT_TERM_MONTHS === 1 ? '' : 's'}.
            </p>
          )}
        </div>
        <button type="submit" className="button button--block loan-picker__apply">
          Apply Now
        </button>
        <p className="loan-picker__note">Checking your quote will not affect your credit score.</p>
      </fieldset>
    </form>
  );

  return (
    <Page
      heading={`Small loans from ${RANGE}`}
      title="Small loans"
      lead="Direct lender. Apply online in minutes and get a quote in about 60 seconds."
      hero={
        <>
          {picker}
          <ul className="hero__points">
            {POINTS.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </>
      }
    >
      <RepresentativeExample />
      <MarketingCarousel />
      <section className="home-compare" aria-labelledby="home-compare">
        <h2 id="home-compare">Is a short-term loan right for you?</h2>
        <p>
          A short-term loan is an expensive way to borrow over a long time. Borrow only what you can repay on
          time, and look at the alternatives first.
        </p>
        {/* Same tab, as every external link (docs/decisions/005); noreferrer keeps the visit private. */}
        <p>
          <a href={BRAND.compareLendersUrl} rel="noopener noreferrer">
            Compare lenders and alternatives to a short-term loan
          </a>
        </p>
      </section>
    </Page>
  );
}
