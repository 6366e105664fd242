import {
  EXPENSE_LIMITS,
  EXPENSE_STEP,
  MIN_EXPENSE_CATEGORIES,
  type ExpenseKey,
} from '@lender/contract/constants';
import { poundsToPence } from '@lender/contract/money';
import { formatPounds } from '@lender/contract/pricing/format';
import { Fragment } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Field, Fieldset } from './field';
import './expense-sliders.css';

export const EXPENSE_KEYS = Object.keys(EXPENSE_LIMITS) as ExpenseKey[];

/**
 * The rule 'at least 3 expenses' is on the group (`finData`, `financialData`) as a whole. Its message is
 * shown on the group and kept on the first slider (as the date's one message is on its day), so the
 * summary's link goes there.
 */
export const expensesField = <G extends string>(group: G) =>
  `${group}.${EXPENSE_KEYS[0] as ExpenseKey}` as `${G}.${ExpenseKey}`;

/** The spec's names of the 15 expense categories (section 9). */
const EXPENSE_LABELS: Record<ExpenseKey, string> = {
  rent: 'Rent',
  utility: 'Utility',
  food: 'Food',
  transport: 'Transport',
  creditCommitment: 'Credit commitment',
  councilTax: 'Council tax',
  healthBeauty: 'Health/beauty',
  recreation: 'Recreation',
  restaurants: 'Restaurants',
  education: 'Education',
  clothingFootwear: 'Clothing/footwear',
  householdGoods: 'Household goods',
  alcoholTobacco: 'Alcohol/tobacco',
  communicationEntertainment: 'Communication/entertainment',
  otherOutgoing: 'Other outgoing',
};

const pounds = (amount: number) => formatPounds(poundsToPence(amount));

/** 'Communication/entertainment' is wider than a narrow column: it may break after its slash, nowhere else. */
const breakAfterSlashes = (label: string) =>
  label.split('/').map((part, i) => (
    <Fragment key={part}>
      {i > 0 ? '/' : null}
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));

type Props = {
  /** A form holding the 15 amounts (whole pounds, numbers) under `group`: stage 3's and the repeat loan's. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as AddressFields: any form with these names
  form: UseFormReturn<any>;
  group: 'finData' | 'financialData';
  error?: string;
};

/**
 * The 15 monthly expenses as sliders (whole pounds, in steps of ten), under one legend that carries the
 * 'at least 3' message. Each slider says its amount in pounds beside its name and to a screen reader.
 * Stage 3 and the repeat loan ask them alike.
 */
export function ExpenseSliders({ form, group, error }: Props) {
  const { register, watch, trigger, formState } = form;
  const amounts = watch(group) as Record<ExpenseKey, number>;
  // The group's one message is kept on the first slider: moving any slider re-checks it.
  const recheck = { onChange: () => formState.isSubmitted && void trigger(expensesField(group)) };

  return (
    <Fieldset
      legend="What you spend each month"
      hint={`Move each slider to the nearest ${pounds(EXPENSE_STEP)}. Give at least ${MIN_EXPENSE_CATEGORIES}, including any credit and short-term loan repayments.`}
      error={error}
      className="expenses"
    >
      <div className="expenses__list">
        {EXPENSE_KEYS.map((key) => {
          const amount = pounds(amounts[key]);
          return (
            <Field
              key={key}
              className="expense"
              label={
                <span className="expense__label">
                  <span>{breakAfterSlashes(EXPENSE_LABELS[key])}</span>
                  {/* The slider says its amount itself (aria-valuetext); read once is enough. */}
                  <span className="expense__amount" aria-hidden="true">
                    {amount}
                  </span>
                </span>
              }
            >
              {(a11y) => (
                <input
                  {...a11y}
                  className="range"
                  type="range"
                  min={0}
                  max={EXPENSE_LIMITS[key]}
                  step={EXPENSE_STEP}
                  aria-valuetext={`${amount} a month`}
                  {...register(`${group}.${key}`, { valueAsNumber: true, ...recheck })}
                />
              )}
            </Field>
          );
        })}
      </div>
    </Fieldset>
  );
}
