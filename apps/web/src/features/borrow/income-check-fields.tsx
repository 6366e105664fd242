import { parsePounds } from '@lender/contract/money';
import type { IncomeAndOutgoingsInput } from '@lender/contract/calls/my-account-area';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, Fieldset } from '../../components/form/field';
import { MoneyInput } from '../../components/form/money-input';

/** The refinance's income and outgoings as the boxes hold them: the text typed, pounds a month. */
export type IncomeCheckValues = Record<keyof IncomeAndOutgoingsInput, string>;

export const emptyIncomeCheck: IncomeCheckValues = {
  monthlyIncome: '',
  housing: '',
  bills: '',
  credit: '',
  living: '',
  other: '',
};

const LABELS: { key: keyof IncomeAndOutgoingsInput; label: string; hint: string }[] = [
  { key: 'monthlyIncome', label: 'Income', hint: 'What you take home each month, from all sources' },
  { key: 'housing', label: 'Rent or mortgage', hint: 'With council tax' },
  { key: 'bills', label: 'Bills', hint: 'Energy, water, phone, insurance' },
  { key: 'credit', label: 'Other loans and credit cards', hint: 'What you repay each month' },
  { key: 'living', label: 'Food, travel and childcare', hint: 'Your everyday spending' },
  { key: 'other', label: 'Anything else', hint: 'Any other regular spending' },
];

/** The figures as the contract reads them: pounds as numbers; an empty or wrong box is undefined. */
export const toIncomeAndOutgoings = (values: IncomeCheckValues): IncomeAndOutgoingsInput =>
  Object.fromEntries(LABELS.map(({ key }) => [key, parsePounds(values[key])])) as IncomeAndOutgoingsInput;

type Name = `incomeAndOutgoings.${keyof IncomeAndOutgoingsInput}`;

/**
 * A refinance's income and expenditure check (issue 46): the customer's monthly income and outgoings, of
 * which the server checks the plan's payments in any month are no more than what is left. A message on
 * the whole (the plan does not fit) sits on the group.
 */
export function IncomeCheckFields({
  register,
  errorOf,
}: {
  register: (name: Name) => UseFormRegisterReturn;
  errorOf: (name: 'incomeAndOutgoings' | Name) => string | undefined;
}) {
  return (
    <Fieldset
      legend="Your income and outgoings each month"
      name="incomeAndOutgoings"
      hint="We check that the plan's payments fit what is left each month. Enter 0 where you have none."
      error={errorOf('incomeAndOutgoings')}
    >
      {LABELS.map(({ key, label, hint }) => (
        <Field key={key} label={label} hint={hint} error={errorOf(`incomeAndOutgoings.${key}`)}>
          {(a11y) => <MoneyInput {...a11y} {...register(`incomeAndOutgoings.${key}`)} />}
        </Field>
      ))}
    </Fieldset>
  );
}
