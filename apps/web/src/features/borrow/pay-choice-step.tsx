import { FIGURE_NAMES } from '@lender/contract/figure-names';
import { formatPence, poundsToPence } from '@lender/contract/money';
import { minPartPaymentPence, partPaymentProblem } from '@lender/contract/pricing/reschedule';
import { useRef, useState, type FormEvent } from 'react';
import { RadioChoices } from '../../components/form/radio-choices';
import { SubmitButton } from '../../components/form/submit-button';
import { displayDate, money } from './borrow-format';
import type { ScheduleSummary } from './get-schedule-summary';

export type PayChoice = 'total' | 'next' | 'other';

export type NextInstalment = NonNullable<ScheduleSummary['nextInstalment']>;

/**
 * The next instalment as a choice (issue 45) when the server takes it as a part payment: within the
 * bounds of 'Other amount' (10% of the total due, in arrears from £1), so never more than the total.
 */
export const payableNext = (next: NextInstalment | null, totalDue: number, inArrears: boolean) =>
  next && !partPaymentProblem(poundsToPence(next.amount), poundsToPence(totalDue), inArrears) ? next : null;

const NOTHING_CHOSEN = 'Please choose how much you would like to pay.';

type Props = {
  totalDue: number;
  /** In arrears (planRules.forbearance): another amount may be a token payment, from £1. */
  inArrears: boolean;
  /** The oldest instalment not paid in full (GetScheduleSummary), offered when it may be paid alone. */
  nextInstalment: NextInstalment | null;
  /** The card is blocked: no new plan can be made (it needs an authority to collect), so no other amount. */
  blocked: boolean;
  /** What was chosen before Back; null at first: nothing is chosen for the customer (issue 45). */
  choice: PayChoice | null;
  onNext: (choice: PayChoice) => void;
  onBack: () => void;
};

/**
 * Step 0 (spec section 4): pay the total due, the next instalment (issue 45), or another amount with a
 * new plan for the rest (not while the card is blocked).
 */
export function PayChoiceStep({
  totalDue,
  inArrears,
  nextInstalment,
  blocked,
  choice,
  onNext,
  onBack,
}: Props) {
  const [value, setValue] = useState(choice);
  const [error, setError] = useState<string | undefined>(undefined);
  const form = useRef<HTMLFormElement>(null);
  const minPence = minPartPaymentPence(poundsToPence(totalDue), inArrears);
  const instalment = payableNext(nextInstalment, totalDue, inArrears);
  const next = (event: FormEvent) => {
    event.preventDefault();
    if (value === null) {
      setError(NOTHING_CHOSEN);
      form.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    onNext(value);
  };
  return (
    <form className="form" noValidate onSubmit={next} ref={form}>
      <RadioChoices
        legend="How much would you like to pay?"
        value={value}
        error={error}
        onChange={(v) => {
          setValue(v);
          setError(undefined);
        }}
        items={[
          {
            value: 'total',
            label: 'Pay total',
            // The settlement figure under its one name (issue 45).
            hint: `${FIGURE_NAMES.toClearToday}: ${money(totalDue)}. Your loan is then repaid.`,
          },
          ...(instalment
            ? [
                {
                  value: 'next' as const,
                  label: 'The next instalment',
                  hint: `${money(instalment.amount)}, ${instalment.date < instalment.collectOn ? 'overdue since' : 'due on'} ${displayDate(instalment.date)}. The rest of your plan stays as it is.`,
                },
              ]
            : []),
          ...(blocked
            ? []
            : [
                {
                  value: 'other' as const,
                  label: 'Other amount',
                  hint: inArrears
                    ? `Any amount you can afford, from ${formatPence(minPence)}, with a new payment plan for the rest.`
                    : `At least ${formatPence(minPence)}, with a new payment plan for the rest.`,
                },
              ]),
        ]}
      />
      <div className="form-actions">
        <SubmitButton busy={false}>Next</SubmitButton>
        <button type="button" className="button button--secondary" onClick={onBack}>
          Back
        </button>
      </div>
    </form>
  );
}
