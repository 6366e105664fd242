import type { CallResponse } from '@lender/contract/api-calls';
import { TOKEN_PAYMENT_PENCE } from '@lender/contract/calls/staff-plans';
import { formatDisplayDate } from '@lender/contract/dates';
import { parsePounds, poundsToPence } from '@lender/contract/money';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorSummary } from '../../components/form/error-summary';
import { Field } from '../../components/form/field';
import { SubmitButton } from '../../components/form/submit-button';
import { useContractForm } from '../../components/form/use-contract-form';
import type { CallInput } from '../../lib/api-client';
import { NoticeBanner, type Notice } from './staff-action';
import { staffCall, staffMessage } from './staff-api';
import { money } from './staff-format';
import { may, useStaff } from './staff-session';

type Figures = CallResponse<'loansPlanFigures'>;
type Income = Figures['income'];
type Payload = CallInput<'loansAgreePlan'>;

/** The statement's lines, as the form names them. */
const INCOME_FIELDS = [
  ['monthlyIncomePence', 'Monthly income after tax (£)'],
  ['housingPence', 'Housing: rent or mortgage, council tax (£)'],
  ['billsPence', 'Bills: utilities, phone and internet (£)'],
  ['creditPence', 'Other credit repayments (£)'],
  ['livingPence', 'Living: food, transport, clothing, household (£)'],
  ['otherPence', 'Other outgoings (£)'],
] as const satisfies readonly (readonly [keyof Income, string])[];

type Values = {
  kind: 'payments' | 'pause';
  payment: string;
  months: string;
  firstDate: string;
  pauseDays: string;
  reason: string;
} & Record<keyof Income, string>;

/** Pounds typed as pence; NaN (refused by the schema, shown on the field) when not an amount. */
const pence = (text: string) => {
  const pounds = parsePounds(text);
  return pounds === undefined ? Number.NaN : poundsToPence(pounds);
};
const whole = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const pounds = (p: number) => (p / 100).toFixed(2);

const loadSchema = () => import('@lender/contract/calls/staff-plans').then((m) => m.agreePlanBodySchema);

/** The payload's paths shown by other fields: the statement's figures and the payment typed in pounds. */
const fieldFor = (path: string) =>
  path.startsWith('income.') ? path.slice('income.'.length) : path === 'paymentPence' ? 'payment' : path;

function PlanForm({
  loanId,
  figures,
  setNotice,
}: {
  loanId: number;
  figures: Figures;
  setNotice: (n: Notice) => void;
}) {
  const queries = useQueryClient();
  const start = figures.income;
  const { form, errorOf, formProps, summary, busy } = useContractForm<Values, Payload>({
    schema: loadSchema,
    defaultValues: {
      kind: 'payments',
      payment: '',
      months: '3',
      firstDate: '',
      pauseDays: '30',
      reason: '',
      ...(Object.fromEntries(INCOME_FIELDS.map(([k]) => [k, pounds(start[k])])) as Record<
        keyof Income,
        string
      >),
    },
    fieldFor,
    toPayload: (v) => ({
      loanId,
      kind: v.kind,
      reason: v.reason,
      income: Object.fromEntries(INCOME_FIELDS.map(([k]) => [k, pence(v[k])])),
      ...(v.kind === 'payments'
        ? { paymentPence: pence(v.payment), months: whole(v.months), firstDate: v.firstDate.trim() }
        : { pauseDays: whole(v.pauseDays) }),
    }),
    onSubmit: async (payload) => {
      setNotice(null);
      const plan = await staffCall('loansAgreePlan', payload);
      setNotice({
        kind: 'success',
        text: plan.pauseUntil
          ? `Collections paused to ${formatDisplayDate(plan.pauseUntil)}, interest and fees frozen.`
          : `Plan agreed: ${plan.lines.length} payments from ${formatDisplayDate(plan.lines[0]!.date)}, ` +
            `interest and fees frozen, no card collection while it is kept.`,
      });
      await queries.invalidateQueries({ queryKey: ['staffPlan', loanId] });
      await queries.invalidateQueries({ queryKey: ['staffLoan', String(loanId)] });
    },
    onError: (err) => setNotice({ kind: 'error', text: staffMessage(err) }),
  });
  const { register, watch } = form;
  const kind = watch('kind');
  return (
    <form {...formProps} aria-label="Agree a plan without a card" className="form">
      <ErrorSummary summary={summary} />
      <Field label="Plan" error={errorOf('kind')}>
        {(a11y) => (
          <select className="select" {...a11y} {...register('kind')}>
            <option value="payments">Reduced or token payments each month</option>
            <option value="pause">A pause of collections while the customer gets debt advice</option>
          </select>
        )}
      </Field>
      {kind === 'payments' ? (
        <>
          <Field
            label="Monthly payment (£)"
            hint={`No more than the surplus below; a token payment of ${money(TOKEN_PAYMENT_PENCE)} is always allowed.`}
            error={errorOf('payment')}
          >
            {(a11y) => <input className="input" inputMode="decimal" {...a11y} {...register('payment')} />}
          </Field>
          <Field
            label="Months"
            hint="1 to 12; the last month carries what is left."
            error={errorOf('months')}
          >
            {(a11y) => <input className="input" inputMode="numeric" {...a11y} {...register('months')} />}
          </Field>
          <Field label="First payment" hint="As yyyy-MM-dd, within a month." error={errorOf('firstDate')}>
            {(a11y) => <input className="input" {...a11y} {...register('firstDate')} />}
          </Field>
        </>
      ) : (
        <Field label="Days of the pause" hint="1 to 30." error={errorOf('pauseDays')}>
          {(a11y) => <input className="input" inputMode="numeric" {...a11y} {...register('pauseDays')} />}
        </Field>
      )}
      <fieldset>
        <legend>Income and expenditure, a month (the application&apos;s figures as a start)</legend>
        {INCOME_FIELDS.map(([k, label]) => (
          <Field key={k} label={label} error={errorOf(k)}>
            {(a11y) => <input className="input" inputMode="decimal" {...a11y} {...register(k)} />}
          </Field>
        ))}
      </fieldset>
      <Field label="Reason" error={errorOf('reason')}>
        {(a11y) => <textarea className="input" {...a11y} {...register('reason')} />}
      </Field>
      <SubmitButton busy={busy}>Agree the plan</SubmitButton>
    </form>
  );
}

/**
 * A plan in arrears without a card (issue 48 item 5, docs/decisions/069-staff-plans-forbearance.md): the
 * plan standing, or, for collections and team-leads, the form to agree one with its income and expenditure.
 */
export function PlanPanel({ loanId }: { loanId: number }) {
  const me = useStaff();
  const [notice, setNotice] = useState<Notice>(null);
  const figures = useQuery({
    queryKey: ['staffPlan', loanId],
    queryFn: () => staffCall('loansPlanFigures', { loanId }),
    retry: false,
  });
  const canAgree = may(me, 'loan:plan');
  return (
    <section aria-labelledby="plan-without-card" className="staff-actions">
      <h2 id="plan-without-card">Plan without a card</h2>
      <NoticeBanner notice={notice} />
      {figures.error ? <p role="alert">{staffMessage(figures.error)}</p> : null}
      {!figures.data ? null : figures.data.plan ? (
        <p>
          {figures.data.plan.pauseUntil
            ? `Collections paused to ${formatDisplayDate(figures.data.plan.pauseUntil)}`
            : `${figures.data.plan.lines.length} payments from ${formatDisplayDate(figures.data.plan.lines[0]!.date)}`}
          , agreed {formatDisplayDate(figures.data.plan.agreedOn)} on a surplus of{' '}
          {money(figures.data.plan.surplusPence)} a month; interest and fees frozen, no card collection.
        </p>
      ) : (
        <p>No plan without a card stands.</p>
      )}
      {canAgree && figures.data && figures.data.arrearsPence > 0 ? (
        <PlanForm loanId={loanId} figures={figures.data} setNotice={setNotice} />
      ) : null}
    </section>
  );
}
