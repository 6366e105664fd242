import type { PreClaim, PreClaimReply } from '@lender/contract/calls/pre-claim';
import {
  INCOME_KEYS,
  INCOME_LABELS,
  OUTGOING_KEYS,
  OUTGOING_LABELS,
  type IncomeKey,
} from '@lender/contract/pre-claim';
import type { ExpenseKey } from '@lender/contract/constants';
import { formatDisplayDate } from '@lender/contract/dates';
import { parseTypedPounds } from '@lender/contract/money';
import { ErrorBanner, useErrorBanner } from '../../components/form/error-banner';
import { ErrorSummary } from '../../components/form/error-summary';
import { CheckboxField, ChoiceGroup, Field, Fieldset } from '../../components/form/field';
import { MoneyInput } from '../../components/form/money-input';
import { SubmitButton } from '../../components/form/submit-button';
import { useContractForm } from '../../components/form/use-contract-form';
import { serverMessage } from '../../lib/api-client';
import { useSubmitReply } from './submit-reply';

type Amounts<K extends string> = Record<K, string>;
type Values = {
  owes: '' | 'all' | 'part' | 'none';
  partAmount: string;
  disputeReason: string;
  wantsDocuments: boolean;
  documentsWanted: string;
  proposesInstalments: boolean;
  instalmentAmount: string;
  seekingAdvice: boolean;
  adviserName: string;
  includeStatement: boolean;
  dependants: string;
  income: Amounts<IncomeKey>;
  outgoings: Amounts<ExpenseKey>;
};

const blank = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, ''])) as Amounts<K>;

const loadSchema = () => import('@lender/contract/calls/pre-claim').then((m) => m.preClaimReplySchema);

/** A typed amount as a number: '£1,250.50' is 1250.5; blank is `empty`; anything else is left to the rules. */
const amount = (text: string, empty: number | null) => parseTypedPounds(text) ?? empty;

const toPayload = (v: Values) => ({
  owes: v.owes || undefined,
  partAmount: v.owes === 'part' ? amount(v.partAmount, null) : null,
  disputeReason: v.owes === 'all' ? null : v.disputeReason,
  wantsDocuments: v.wantsDocuments,
  documentsWanted: v.wantsDocuments ? v.documentsWanted : null,
  proposesInstalments: v.proposesInstalments,
  instalmentAmount: v.proposesInstalments ? amount(v.instalmentAmount, null) : null,
  seekingAdvice: v.seekingAdvice,
  adviserName: v.seekingAdvice ? v.adviserName : null,
  // A line left blank on the Financial Statement is nothing a month.
  financialStatement: v.includeStatement
    ? {
        dependants: amount(v.dependants, 0),
        income: Object.fromEntries(INCOME_KEYS.map((k) => [k, amount(v.income[k], 0)])),
        outgoings: Object.fromEntries(OUTGOING_KEYS.map((k) => [k, amount(v.outgoings[k], 0)])),
      }
    : null,
});

type Props = { replyBy: string; figures: PreClaim['applicationFigures'] };

/**
 * The Reply Form of the Pre-Action Protocol for Debt Claims and, if the customer chooses, the Financial
 * Statement: each answer that needs a detail opens its field. 'Send my reply' is the page's one main action.
 */
export function ReplyForm({ replyBy, figures }: Props) {
  const send = useSubmitReply();
  const failure = useErrorBanner();
  const { form, errorOf, formProps, summary, busy } = useContractForm<Values, PreClaimReply>({
    schema: loadSchema,
    defaultValues: {
      owes: '',
      partAmount: '',
      disputeReason: '',
      wantsDocuments: false,
      documentsWanted: '',
      proposesInstalments: false,
      instalmentAmount: '',
      seekingAdvice: false,
      adviserName: '',
      includeStatement: false,
      dependants: '',
      income: blank(INCOME_KEYS),
      outgoings: blank(OUTGOING_KEYS),
    },
    toPayload,
    onSubmit: async (reply) => {
      failure.clear();
      await send.mutateAsync(reply);
    },
    onError: (err) => failure.fail(serverMessage(err, 'We could not send your reply. Please try again.')),
  });
  const { register, watch, setValue } = form;
  const owes = watch('owes');
  const [wantsDocuments, proposesInstalments, seekingAdvice, includeStatement] = watch([
    'wantsDocuments',
    'proposesInstalments',
    'seekingAdvice',
    'includeStatement',
  ]);

  /** The customer agreed: the Financial Statement starts from what they told us when they applied. */
  const fillFromApplication = () => {
    if (!figures) return;
    const text = (n: number) => (n ? String(n) : '');
    setValue('dependants', String(figures.dependants));
    setValue('income.wages', text(figures.income.wages));
    for (const k of OUTGOING_KEYS) setValue(`outgoings.${k}`, text(figures.outgoings[k] ?? 0));
  };

  const moneyField = (name: `income.${IncomeKey}` | `outgoings.${ExpenseKey}`, label: string) => (
    <Field key={name} label={label} error={errorOf(name)} className="statement__field">
      {(a11y) => <MoneyInput {...a11y} {...register(name)} />}
    </Field>
  );

  return (
    <section className="reply-form" aria-labelledby="reply-form-heading">
      <h2 id="reply-form-heading">Reply Form</h2>
      <p>Please reply by {formatDisplayDate(replyBy)}. A copy of what you send is kept in your documents.</p>
      <form {...formProps} className="form" aria-labelledby="reply-form-heading">
        <ErrorSummary summary={summary} />

        <ChoiceGroup legend="Do you agree you owe the amount?" error={errorOf('owes')}>
          {(
            [
              ['all', 'Yes, I owe all of it'],
              ['part', 'I owe some of it'],
              ['none', 'No, I do not owe it'],
            ] as const
          ).map(([value, label]) => (
            <div key={value} className="choice">
              <input type="radio" id={`owes-${value}`} value={value} {...register('owes')} />
              <label htmlFor={`owes-${value}`}>{label}</label>
            </div>
          ))}
        </ChoiceGroup>
        {owes === 'part' ? (
          <Field label="How much do you agree you owe?" error={errorOf('partAmount')}>
            {(a11y) => <MoneyInput {...a11y} {...register('partAmount')} />}
          </Field>
        ) : null}
        {owes === 'part' || owes === 'none' ? (
          <Field label="Why do you not agree?" error={errorOf('disputeReason')}>
            {(a11y) => (
              <textarea {...a11y} {...register('disputeReason')} className="input textarea" rows={4} />
            )}
          </Field>
        ) : null}

        <CheckboxField label="I would like copies of documents before I decide">
          {(a11y) => <input type="checkbox" {...a11y} {...register('wantsDocuments')} />}
        </CheckboxField>
        {wantsDocuments ? (
          <Field
            label="Which documents would you like?"
            hint="For example a copy of the agreement or a statement"
            error={errorOf('documentsWanted')}
          >
            {(a11y) => (
              <textarea {...a11y} {...register('documentsWanted')} className="input textarea" rows={3} />
            )}
          </Field>
        ) : null}

        <CheckboxField label="I can pay by instalments">
          {(a11y) => <input type="checkbox" {...a11y} {...register('proposesInstalments')} />}
        </CheckboxField>
        {proposesInstalments ? (
          <Field label="How much can you pay each month?" error={errorOf('instalmentAmount')}>
            {(a11y) => <MoneyInput {...a11y} {...register('instalmentAmount')} />}
          </Field>
        ) : null}

        <CheckboxField label="I am getting debt advice">
          {(a11y) => <input type="checkbox" {...a11y} {...register('seekingAdvice')} />}
        </CheckboxField>
        {seekingAdvice ? (
          <>
            <p className="field__hint">
              We will wait at least 30 days from your reply before taking any step.
            </p>
            <Field label="Who is advising you? (optional)" error={errorOf('adviserName')}>
              {(a11y) => (
                <input {...a11y} {...register('adviserName')} className="input" autoComplete="off" />
              )}
            </Field>
          </>
        ) : null}

        <CheckboxField label="Include a Financial Statement of my income and outgoings">
          {(a11y) => <input type="checkbox" {...a11y} {...register('includeStatement')} />}
        </CheckboxField>
        {includeStatement ? (
          <section className="statement" aria-labelledby="statement-heading">
            <h3 id="statement-heading">Financial Statement</h3>
            <p>Amounts a month. Leave blank anything that does not apply to you.</p>
            {figures ? (
              <p>
                <button type="button" className="button button--secondary" onClick={fillFromApplication}>
                  Use the figures from my application
                </button>
              </p>
            ) : null}
            <Field
              label="People who depend on you"
              error={errorOf('dependants')}
              className="statement__field"
            >
              {(a11y) => (
                <input
                  {...a11y}
                  {...register('dependants')}
                  className="input input--short"
                  inputMode="numeric"
                />
              )}
            </Field>
            <Fieldset legend="Income" className="statement__group">
              <div className="statement__grid">
                {INCOME_KEYS.map((k) => moneyField(`income.${k}`, INCOME_LABELS[k]))}
              </div>
            </Fieldset>
            <Fieldset legend="Outgoings" className="statement__group">
              <div className="statement__grid">
                {OUTGOING_KEYS.map((k) => moneyField(`outgoings.${k}`, OUTGOING_LABELS[k]))}
              </div>
            </Fieldset>
          </section>
        ) : null}

        <ErrorBanner {...failure.banner} />
        <div className="form-actions">
          <SubmitButton busy={busy}>Send my reply</SubmitButton>
        </div>
      </form>
    </section>
  );
}
