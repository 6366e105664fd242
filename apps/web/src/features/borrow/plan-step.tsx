import { formatPence, parsePounds, poundsToPence } from '@lender/contract/money';
import { FORBEARANCE_MAX_PAYMENTS, RESCHEDULE_MAX_PAYMENTS } from '@lender/contract/constants';
import { daysBetween, londonToday } from '@lender/contract/dates';
import type { RescheduleForm } from '@lender/contract/rules/payment';
import { latestRescheduleDate, minPartPaymentPence } from '@lender/contract/pricing/reschedule';
import { useMemo } from 'react';
import { DateChoice } from '../../components/form/date-choice';
import { ErrorSummary } from '../../components/form/error-summary';
import { Field } from '../../components/form/field';
import { OptionsSelect, toOptions } from '../../components/form/options-select';
import { SubmitButton } from '../../components/form/submit-button';
import { useContractForm } from '../../components/form/use-contract-form';
import { useDictionaries } from '../../lib/api/get-dictionaries';
import { displayDate } from './borrow-format';
import { calculatePlan, planCost, type PlanCost, type PlanRows } from './card-payment';
import type { ScheduleSummary } from './get-schedule-summary';
import type { PlanValues } from './plan-values';

const durations = (max: number) =>
  Array.from({ length: max }, (_, i) => ({
    value: i + 1,
    label: i === 0 ? '1 payment' : `${i + 1} payments`,
  }));
const BY_CARD = durations(RESCHEDULE_MAX_PAYMENTS);
const BY_OTHER_MEANS = durations(FORBEARANCE_MAX_PAYMENTS);

const num = (v: string) => (v.trim() === '' ? undefined : Number(v));

type Props = {
  /** Today's total due when the customer pays part now; null when they only reschedule. */
  totalDue: number | null;
  /** What a new plan may be (GetScheduleSummary's planRules), said before the customer chooses. */
  planRules: ScheduleSummary['planRules'];
  /**
   * A blocked loan's plan paid by other means (issue 46 item 7): up to 12 payments, each paid by the
   * customer (bank transfer or a card payment they make), none collected from a card.
   */
  byOtherMeans?: boolean;
  values: PlanValues;
  submitLabel: string;
  /** The plan as checked, the rows Calculate answered and what it costs: on to the schedule step. */
  onCalculated: (values: PlanValues, plan: RescheduleForm, rows: PlanRows, cost: PlanCost) => void;
  onBack: () => void;
  onError: (err: unknown) => void;
};

/**
 * Step 1 of 'Other amount' and of a reschedule (spec sections 4 and 5): the amount paid now (10% to 100%
 * of the total due; in arrears from £1), the new plan's frequency, number of payments (1 to 3; by other
 * means up to 12) and next payment date, then MyAccountArea/Calculate and PlanCost.
 */
export function PlanStep(props: Props) {
  const { totalDue, planRules, values, submitLabel, onCalculated, onBack, onError } = props;
  const byOtherMeans = props.byOtherMeans ?? false;
  // In arrears the amount paid now may be a token payment, from £1 (CONC 7.3.5), as the server takes it.
  const inArrears = planRules?.forbearance ?? false;
  const schema = useMemo(
    () => () =>
      import('@lender/contract/rules/payment').then((m) =>
        m.rescheduleFormSchema(totalDue, { inArrears, byOtherMeans }),
      ),
    [totalDue, inArrears, byOtherMeans],
  );
  const { form, errorOf, formProps, summary, busy } = useContractForm<PlanValues, RescheduleForm>({
    schema,
    defaultValues: values,
    toPayload: (v) => ({
      amount: totalDue === null ? null : parsePounds(v.amount),
      frequencyID: num(v.frequencyID),
      duration: num(v.duration),
      repayDate: v.repayDate || undefined,
    }),
    onSubmit: async (plan) => {
      // The spec's Calculate for the rows; beside it, the same plan's cost (issue 45), shown before Accept.
      const body = byOtherMeans ? { ...plan, byOtherMeans: true } : plan;
      const [rows, cost] = await Promise.all([calculatePlan(body), planCost(body)]);
      onCalculated({ ...form.getValues() }, plan, rows, cost);
    },
    onError,
  });
  const { register } = form;
  const frequencies = useDictionaries(['wageFrequencies'], true);
  // The server's business date where it gave one: the dates it will accept count from there.
  const today = planRules?.today ?? londonToday();
  const last = latestRescheduleDate(today);
  const totalPence = totalDue === null ? null : poundsToPence(totalDue);

  return (
    <form {...formProps} className="form">
      <ErrorSummary summary={summary} />
      {totalPence !== null ? (
        <Field
          label="Amount to pay now"
          hint={
            inArrears
              ? `In pounds: any amount you can afford from ${formatPence(minPartPaymentPence(totalPence, true))} to ${formatPence(totalPence)}, your remaining balance.`
              : `In pounds: at least ${formatPence(minPartPaymentPence(totalPence))} and at most ${formatPence(totalPence)}, your remaining balance.`
          }
          error={errorOf('amount')}
        >
          {(a11y) => (
            <input
              {...a11y}
              className="input input--short"
              inputMode="decimal"
              autoComplete="off"
              {...register('amount')}
            />
          )}
        </Field>
      ) : null}
      <Field label="Payment frequency" hint="How often you would like to pay" error={errorOf('frequencyID')}>
        {(a11y) => (
          <OptionsSelect
            {...a11y}
            placeholder="Choose how often"
            options={toOptions(frequencies.data?.wageFrequencies)}
            // Back from the plan: the choice shows as the page's own, not as an edit (react-hook-form
            // reads a select whose choice differs from its default as typed before the form was ready).
            defaultValue={values.frequencyID}
            {...register('frequencyID')}
          />
        )}
      </Field>
      <Field
        label="Number of payments"
        hint={`Up to ${byOtherMeans ? FORBEARANCE_MAX_PAYMENTS : RESCHEDULE_MAX_PAYMENTS}`}
        error={errorOf('duration')}
      >
        {(a11y) => (
          <OptionsSelect
            {...a11y}
            className="select input--short"
            placeholder="Choose"
            options={byOtherMeans ? BY_OTHER_MEANS : BY_CARD}
            defaultValue={values.duration}
            {...register('duration')}
          />
        )}
      </Field>
      <Field
        label="Next payment date"
        hint="A working day from tomorrow to the end of the month after next"
        error={errorOf('repayDate')}
      >
        {(a11y) => (
          <DateChoice
            {...a11y}
            window={{ minDays: 1, maxDays: daysBetween(today, last) }}
            today={today}
            defaultValue={values.repayDate}
            {...register('repayDate')}
          />
        )}
      </Field>
      {byOtherMeans ? (
        <p className="payment-note">
          This plan adds no interest or fees while you keep to it. You pay each payment yourself, by bank
          transfer or by card on this page: nothing is taken from a card.
        </p>
      ) : planRules ? (
        <PlanRulesNote rules={planRules} />
      ) : null}
      <div className="form-actions">
        <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
        <button type="button" className="button button--secondary" onClick={onBack}>
          Back
        </button>
      </div>
    </form>
  );
}

/** What the new plan may be, before the customer chooses (decision 025). */
function PlanRulesNote({ rules }: { rules: NonNullable<Props['planRules']> }) {
  const lastDate = displayDate(rules.signedLastDate);
  if (rules.forbearance) {
    return (
      <p className="payment-note">
        You are behind with your payments, so a new plan adds no interest or fees while you keep to it.
      </p>
    );
  }
  return (
    <p className="payment-note">
      {rules.refinancesLeft > 0
        ? `A plan that moves any payment later than it is due now, or ends after ${lastDate}, your last agreed payment date, extends your loan and costs more interest.`
        : 'Your loan has already been extended twice: each payment of a new plan must fall on or before the date it is due now.'}
    </p>
  );
}
