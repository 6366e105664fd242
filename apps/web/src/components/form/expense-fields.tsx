import { MIN_EXPENSE_CATEGORIES, type ExpenseKey } from '@lender/contract/constants';
import { EXPENSE_KEYS, EXPENSE_LABELS, totalPence, typedPounds } from '@lender/contract/expenses';
import { formatPence, parseTypedPounds, poundsToPence } from '@lender/contract/money';
import { Fragment, useEffect, useId, useState } from 'react';
import { get, useWatch, type UseFormReturn } from 'react-hook-form';
import { Field, Fieldset } from './field';
import { MoneyInput } from './money-input';
import './expense-fields.css';

/** The 15 amounts as the form holds them: the text typed in each box. */
export type ExpenseValues = Record<ExpenseKey, string>;

/**
 * The rule 'at least 3 expenses' is on the group (`finData`, `financialData`) as a whole. Its message has
 * a name of its own, the fieldset's, so that it never takes the place of one amount's message: the error
 * summary's link focuses the fieldset, which reads its legend and the message.
 */
export const expensesField = <G extends string>(group: G) => `${group}Categories` as const;

/** The boxes' first values: the amounts given before (a repeat loan's last application), else 0. */
export const expenseValues = (amounts?: Partial<Record<ExpenseKey, number>> | null): ExpenseValues =>
  Object.fromEntries(EXPENSE_KEYS.map((k) => [k, typedPounds(amounts?.[k] ?? 0)])) as ExpenseValues;

/**
 * The amounts as the contract reads them: pounds as numbers; an empty box is undefined and other text
 * NaN, which the schema words as each field's own message.
 */
export const toExpenseAmounts = (values: ExpenseValues) =>
  Object.fromEntries(EXPENSE_KEYS.map((k) => [k, parseTypedPounds(values[k])])) as Record<ExpenseKey, number>;

/** 'Communication/entertainment' is wider than a narrow column: it may break after its slash, nowhere else. */
const breakAfterSlashes = (label: string) =>
  label.split('/').map((part, i) => (
    <Fragment key={part}>
      {i > 0 ? '/' : null}
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));

/** What the totals say to a screen reader once the typing has paused. */
function spendingSentence(spentPence: number, incomePence: number | null) {
  const spent = `You spend ${formatPence(spentPence)} a month`;
  if (incomePence === null) return `${spent}.`;
  const left = incomePence - spentPence;
  const income = formatPence(incomePence);
  return left >= 0
    ? `${spent}, which leaves ${formatPence(left)} of your take-home pay of ${income}.`
    : `${spent}, ${formatPence(-left)} more than your take-home pay of ${income}.`;
}

/** How long the typing pauses before the totals are read out: not a sentence on every keystroke. */
const ANNOUNCE_AFTER_MS = 1000;

type Props = {
  /** A form holding the 15 amounts as typed text under `group`: stage 3's and the repeat loan's. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as AddressFields: any form with these names
  form: UseFormReturn<any>;
  group: 'finData' | 'financialData';
  /** The applicant's net monthly income in pounds, when the form knows it: what is left is shown too. */
  income?: number | null;
};

/**
 * The 15 monthly expenses as typed money boxes (docs/decisions/035), under one legend that carries the
 * 'at least 3' message, then the month's total and what it leaves of the income, kept up to date as the
 * applicant types. Stage 3 and the repeat loan ask them alike.
 */
export function ExpenseFields({ form, group, income }: Props) {
  const { register, control, trigger, formState } = form;
  // Each box's own message ('Enter your monthly rent, or 0') and the group's ('at least 3').
  const errorOf = (name: string) =>
    (get(formState.errors, name) as { message?: string } | undefined)?.message;
  // Watched here, not in the form: a keystroke re-renders this block, not the whole page's form.
  const typed = useWatch({ control, name: group }) as ExpenseValues;
  const spent = totalPence(EXPENSE_KEYS.map((k) => parseTypedPounds(typed[k] ?? '')));
  const incomePence = typeof income === 'number' && income > 0 ? poundsToPence(income) : null;
  const headingId = useId();

  // The sentence a screen reader hears: set once the typing pauses, and not on arrival (nothing changed).
  const sentence = spendingSentence(spent, incomePence);
  const [announced, setAnnounced] = useState(sentence);
  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(sentence), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [sentence]);

  // The group's message is not any one box's: a change in any box re-checks it once the form was sent.
  const recheck = { onChange: () => formState.isSubmitted && void trigger(expensesField(group)) };

  return (
    <Fieldset
      name={expensesField(group)}
      legend="What you spend each month"
      hint={`Type each amount in pounds, or 0. Give at least ${MIN_EXPENSE_CATEGORIES} above 0, including any credit and short-term loan repayments.`}
      error={errorOf(expensesField(group))}
      className="expenses"
    >
      <div className="expenses__list">
        {EXPENSE_KEYS.map((key) => (
          <Field
            key={key}
            className="expense"
            label={breakAfterSlashes(EXPENSE_LABELS[key])}
            error={errorOf(`${group}.${key}`)}
          >
            {(a11y) => <MoneyInput {...a11y} {...register(`${group}.${key}`, recheck)} />}
          </Field>
        ))}
      </div>
      <section className="expense-totals" aria-labelledby={headingId}>
        <h3 id={headingId} className="expense-totals__heading">
          Your monthly spending
        </h3>
        <dl className="expense-totals__figures">
          <div>
            <dt>Total spending</dt>
            <dd>{formatPence(spent)}</dd>
          </div>
          {incomePence !== null ? (
            <>
              <div>
                <dt>Take-home pay</dt>
                <dd>{formatPence(incomePence)}</dd>
              </div>
              <div className={incomePence - spent < 0 ? 'expense-totals__short' : undefined}>
                <dt>{incomePence - spent < 0 ? 'More than your pay' : 'Left after spending'}</dt>
                <dd>{formatPence(Math.abs(incomePence - spent))}</dd>
              </div>
            </>
          ) : null}
        </dl>
        <p role="status" className="visually-hidden">
          {announced}
        </p>
      </section>
    </Fieldset>
  );
}
