import { BRAND } from '@lender/contract/brand';
import { parseWholePounds } from '@lender/contract/money';
import {
  LEAD_AND_REPEAT_INSTALMENTS,
  QUOTE_REPAYMENT_WINDOW,
  REPEAT_LOAN_AMOUNTS,
} from '@lender/contract/constants';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AddressFields } from '../../components/address/address-fields';
import { CardAddress, CpaConsent } from '../../components/card/card-address';
import { CardFields } from '../../components/card/card-fields';
import { useFixedRepaymentDate } from '../../components/form/fixed-repayment-date';
import { DateChoice } from '../../components/form/date-choice';
import { DigitsInput } from '../../components/form/digits-input';
import { ErrorBanner, type ErrorBannerState } from '../../components/form/error-banner';
import { ErrorSummary } from '../../components/form/error-summary';
import { EmploymentFields } from '../../components/form/employment-fields';
import { HomeFields } from '../../components/form/home-fields';
import { ExpenseFields } from '../../components/form/expense-fields';
import { Field } from '../../components/form/field';
import { OptionsSelect, toOptions } from '../../components/form/options-select';
import { RadioChoices } from '../../components/form/radio-choices';
import { SubmitButton } from '../../components/form/submit-button';
import { useContractForm } from '../../components/form/use-contract-form';
import { useDictionaries } from '../../lib/api/get-dictionaries';
import { saveDraft } from '../../lib/form-draft';
import {
  applyDefaults,
  applyFieldFor,
  toApplyPayload,
  type ApplyParsed,
  type ApplyValues,
  type Choice,
} from './apply-values';
import { LiveQuote } from './live-quote';
import type { RepeatLoanPrefill } from './repeat-loan';

const loadSchema = () => import('@lender/contract/calls/repeat-loan').then((m) => m.repeatLoanFormSchema);

export const SUBMIT_LABEL = 'Submit application';

/**
 * The lists the form's choices come from. The page waits for them before it shows the form: a select
 * given its prefilled value before its options exist would show 'Choose' while holding the value.
 */
export const useApplyDictionaries = () =>
  useDictionaries([
    'wageFrequencies',
    'residentalStatus',
    'livedInAddress',
    'employmentStatus',
    'employmentIndustry',
    'loanReason',
    'maritalStatus',
  ]);

type Props = {
  prefill: RepeatLoanPrefill;
  /** Checks a new card with the provider and sends the application; a 400's field messages land here. */
  send: (payload: ApplyParsed) => Promise<void>;
  onError: (err: unknown) => void;
  /** 'Error Occured!' and other failures of the last submit, above the button (it takes focus). */
  failure: ErrorBannerState['banner'];
  /** What the customer typed before they left for their bank (issue 49), or null. */
  draft: KeptAnswers | null;
  /** The bank connection's panel, given a way to keep the answers typed so far. */
  bankPanel: (keepAnswers: () => void) => ReactNode;
};

/** The key the answers are kept under while the customer is at their bank. */
export const APPLY_DRAFT = 'repeat-loan';

/** The answers kept while at the bank: never the card or the bank account. */
export type KeptAnswers = Omit<ApplyValues, 'card' | 'bankDetails' | 'address'>;
const keptOf = ({ card: _card, bankDetails: _bank, address: _address, ...kept }: ApplyValues): KeptAnswers =>
  kept;

const sortCodeText = (digits: string) => digits.replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3');

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="apply-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * borrow/apply's form (spec sections 2, 3 and 5 'Repeat loan'): the new loan with its quote worked out as
 * the choices change, then the details of the last application to check, the bank account and the card.
 * Every rule is the contract's repeatLoanFormSchema; the server checks them all again.
 */
export function ApplyForm({ prefill, send, onError, failure, draft, bankPanel }: Props) {
  const dictionaries = useApplyDictionaries();
  const [defaults] = useState(() => ({ ...applyDefaults(prefill), ...draft }));
  const { form, errorOf, formProps, summary, busy } = useContractForm<ApplyValues, ApplyParsed>({
    schema: loadSchema,
    defaultValues: defaults,
    toPayload: toApplyPayload,
    fieldFor: applyFieldFor,
    onSubmit: send,
    clearOnFailure: ['card.securityCode'],
    onError,
  });
  const { register, watch, setValue, clearErrors, reset } = form;
  // The prefilled values once more after the first render, when every select has its options: a select
  // whose value is set before its options exist can read as its first option (as happy-dom does).
  useEffect(() => reset(defaults), [reset, defaults]);
  const lists = dictionaries.data;
  const [amount, duration, wageFrequencyID, repaymentDate] = watch([
    'amount',
    'duration',
    'wageFrequencyID',
    'repaymentDate',
  ]);
  const bankChoice = watch('bankChoice');
  // What the expenses leave is counted from the income as it stands in its box above them.
  const netPay = watch('netPay');
  const cardChoice = watch('cardChoice');

  const fixedDate = useFixedRepaymentDate(form, lists?.wageFrequencies, {
    frequency: 'wageFrequencyID',
    date: 'repaymentDate',
  });
  // A block that is no longer asked for takes its messages with it.

  const chooseBank = (choice: Choice) => {
    setValue('bankChoice', choice);
    if (choice === 'file') clearErrors('bankDetails');
  };
  const chooseCard = (choice: Choice) => {
    setValue('cardChoice', choice);
    if (choice === 'file') clearErrors(['card', 'address']);
  };

  const { cardOnFile, bankOnFile } = prefill;
  return (
    <form {...formProps} className="form apply-form">
      <ErrorSummary summary={summary} />

      <Section title="Your new loan">
        <Field label="Amount" error={errorOf('amount')}>
          {(a11y) => (
            <OptionsSelect
              {...a11y}
              className="select input--short"
              options={REPEAT_LOAN_AMOUNTS.map((a) => ({ value: a, label: `£${a}` }))}
              {...register('amount')}
            />
          )}
        </Field>
        <Field label="Wage frequency" error={errorOf('wageFrequencyID')}>
          {(a11y) => (
            <OptionsSelect
              {...a11y}
              placeholder="Choose"
              options={toOptions(lists?.wageFrequencies)}
              {...register('wageFrequencyID')}
            />
          )}
        </Field>
        <Field label="Number of monthly instalments" error={errorOf('duration')}>
          {(a11y) => (
            <OptionsSelect
              {...a11y}
              className="select input--short"
              options={LEAD_AND_REPEAT_INSTALMENTS.map((n) => ({ value: n, label: String(n) }))}
              {...register('duration')}
            />
          )}
        </Field>
        <Field
          label="Repayment start date"
          hint={fixedDate ? 'Your wage frequency sets this date.' : undefined}
          error={errorOf('repaymentDate')}
        >
          {(a11y) => (
            <DateChoice
              {...a11y}
              window={QUOTE_REPAYMENT_WINDOW}
              fixedDate={fixedDate}
              today={prefill.today}
              {...register('repaymentDate')}
            />
          )}
        </Field>
        <LiveQuote
          amount={Number(amount)}
          period={Number(duration)}
          wageFrequencyId={Number(wageFrequencyID)}
          repaymentDate={repaymentDate}
          dailyRate={prefill.dailyRate}
          today={prefill.today}
        />
        <Field label="Loan reason" error={errorOf('financialData.loanPurposeID')}>
          {(a11y) => (
            <OptionsSelect
              {...a11y}
              placeholder="Choose"
              options={toOptions(lists?.loanReason)}
              {...register('financialData.loanPurposeID')}
            />
          )}
        </Field>
      </Section>

      <Section title="Your income and spending">
        <p>Please check these are still right: we only lend what you can afford to repay.</p>
        {bankPanel(() => saveDraft(APPLY_DRAFT, keptOf(form.getValues())))}
        <Field label="Net monthly income (£)" error={errorOf('netPay')}>
          {(a11y) => <DigitsInput {...a11y} {...register('netPay')} />}
        </Field>
        <ExpenseFields form={form} group="financialData" income={parseWholePounds(netPay ?? '') ?? null} />
      </Section>

      <Section title="Your employment">
        <EmploymentFields form={form} lists={lists} errorOf={errorOf} />
      </Section>

      <Section title="Your home">
        <AddressFields form={form} prefix="currentAddress" addressLabel="Current address" />
        <HomeFields form={form} lists={lists} errorOf={errorOf} livedField="livedInAddressID" />
        <Field label="Marital status" error={errorOf('maritalStatusID')}>
          {(a11y) => (
            <OptionsSelect
              {...a11y}
              placeholder="Choose"
              options={toOptions(lists?.maritalStatus)}
              {...register('maritalStatusID')}
            />
          )}
        </Field>
      </Section>

      <Section title="Where we pay your loan">
        {bankOnFile ? (
          <RadioChoices
            legend="Which bank account should we pay into?"
            value={bankChoice}
            onChange={chooseBank}
            items={[
              {
                value: 'file',
                label: `The account ending ${bankOnFile.accountEnding}`,
                hint: `Sort code ${sortCodeText(bankOnFile.sortCode)}: where we paid your last loan.`,
              },
              { value: 'new', label: 'A different account', hint: 'It must be in your own name.' },
            ]}
          />
        ) : null}
        {bankChoice === 'new' ? (
          <>
            <Field label="Sort code" hint="Must be 6 digits long" error={errorOf('bankDetails.sortCode')}>
              {(a11y) => <DigitsInput {...a11y} {...register('bankDetails.sortCode')} />}
            </Field>
            <Field
              label="Account number"
              hint="Must be 8 digits long"
              error={errorOf('bankDetails.bankAccountNumber')}
            >
              {(a11y) => <DigitsInput {...a11y} {...register('bankDetails.bankAccountNumber')} />}
            </Field>
          </>
        ) : null}
      </Section>

      <Section title="Your repayment card">
        {cardOnFile?.usable ? (
          <RadioChoices
            legend="Which debit card will you repay with?"
            value={cardChoice}
            onChange={chooseCard}
            items={[
              {
                value: 'file',
                label: `The card ending ${cardOnFile.last4}`,
                hint: 'The debit card we hold for your repayments.',
              },
              {
                value: 'new',
                label: 'A new debit card',
                hint: 'Your bank may ask you to confirm that it is you.',
              },
            ]}
          />
        ) : (
          <p>
            {cardOnFile
              ? `The card ending ${cardOnFile.last4} can no longer be used, so please give a new debit card.`
              : 'Please give the debit card you will repay with.'}{' '}
            The card must be a debit card in your own name.
          </p>
        )}
        {cardChoice === 'new' ? (
          <div className="apply-new-card">
            <CardFields form={form} prefix="card" />
            <CardAddress form={form} />
          </div>
        ) : null}
        <CpaConsent button={SUBMIT_LABEL} />
      </Section>

      <Section title="Your contact details">
        <p>
          We will send your agreement to sign to these. To change them, go to{' '}
          <Link to="/account/contact-details">your contact details</Link> first.
        </p>
        <Field label="Mobile" error={errorOf('mobile')}>
          {(a11y) => <input {...a11y} className="input" readOnly {...register('mobile')} />}
        </Field>
        <Field label="E-mail" error={errorOf('email')}>
          {(a11y) => <input {...a11y} className="input" readOnly {...register('email')} />}
        </Field>
      </Section>

      <p className="apply-form__note">
        By submitting you ask {BRAND.name} for a new loan. We check it as we check every application, and then
        send you the agreement to read and sign.
      </p>
      <ErrorBanner {...failure} />
      <div className="form-actions">
        <SubmitButton busy={busy}>{SUBMIT_LABEL}</SubmitButton>
      </div>
    </form>
  );
}
