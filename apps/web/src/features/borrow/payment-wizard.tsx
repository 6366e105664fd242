import { ErrorId } from '@lender/contract/error-ids';
import type { PaymentCardForm, RescheduleForm } from '@lender/contract/rules/payment';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ErrorBanner, useErrorBanner } from '../../components/form/error-banner';
import { serverFieldErrors } from '../../components/form/form-errors';
import { ApiCallError } from '../../lib/api-client';
import { forgetLoanState } from '../../lib/api/get-loan-state';
import { preloadableLazy } from '../../lib/lazy-page';
import { checkCardInPage } from '../../lib/card-check/check-card';
import { goToChallenge } from '../../lib/card-check/go-to-challenge';
import { toCardSummary } from '../../lib/card-check/pending-card-check';
import { displayDate, money } from './borrow-format';
import {
  attemptKeys,
  isUndecided,
  pendingPayment,
  planNotMade,
  reSchedule,
  sendPayment,
  type CardPaymentBody,
  type PaidReceipt,
  type PaymentAttempt,
  type PlanBody,
  type PlanCost,
  type PlanRows,
} from './card-payment';
import { refusalMessage } from './card-refusal';
import { PayChoiceStep, type NextInstalment, type PayChoice } from './pay-choice-step';
import { emptyPlan, type PlanValues } from './plan-values';
import type { ScheduleSummary } from './get-schedule-summary';
import { scheduleNotice, SUCCESS } from './schedule-notice';

type PlanRules = NonNullable<ScheduleSummary['planRules']>;

/**
 * The card and plan steps hold the forms and their validation (zod and the contract's schemas, about
 * 100 KB): out of the page's first load, so that what is owed shows first (issue 50). They are asked for
 * as soon as the wizard opens, while the customer reads the first step.
 */
const PayStep = preloadableLazy(() => import('./pay-step').then((m) => m.PayStep));
const PlanStep = preloadableLazy(() => import('./plan-step').then((m) => m.PlanStep));

type Step = 0 | 1 | 2;

const REFINANCE_FIELDS = { informationSheetSeen: true, incomeAndOutgoings: true };

/**
 * ReSchedule's body: the checked plan, with the refinance's sheet and figures when the step asked for them,
 * and, for a blocked loan's plan, that it is paid by other means.
 */
const planOf = (plan: RescheduleForm, form: PaymentCardForm, byOtherMeans = false): PlanBody => ({
  ...plan,
  ...(byOtherMeans ? { byOtherMeans: true } : {}),
  ...(form.informationSheetSeen ? { informationSheetSeen: true } : {}),
  ...(form.incomeAndOutgoings ? { incomeAndOutgoings: form.incomeAndOutgoings } : {}),
});

type State = {
  step: Step;
  /** Null until the customer chooses: there is no default (issue 45). */
  choice: PayChoice | null;
  /** The reschedule step's inputs, kept for Back. */
  planValues: PlanValues;
  /** The checked plan and what Calculate answered for it (the schedule step). */
  plan: RescheduleForm | null;
  rows: PlanRows | null;
  /** What that plan costs beside today's (MyAccountArea/PlanCost). */
  cost: PlanCost | null;
  /** Offer a new card first (back from a refused challenge). */
  newCard: boolean;
  /** The server said the plan extends the loan (a 400 for its tick boxes): ask for them. */
  refinance: boolean;
};

/** Back from the bank's challenge with a refusal: what to say, and the attempt that was refused. */
export type ChallengeRefusal = { message: ReactNode; attempt: PaymentAttempt | null };

type Props = {
  /** Today's total due in pounds (GetTotalDue): what 'Pay total' pays. */
  totalDue: number;
  /** The card on file's last four digits, as its choice names it (issue 45); null if unknown. */
  cardLast4?: string | null;
  /** What a new plan may be (GetScheduleSummary's planRules): one ending later extends the loan. */
  planRules: PlanRules | null;
  /** The oldest instalment not paid in full (GetScheduleSummary), offered as a choice (issue 45). */
  nextInstalment: NextInstalment | null;
  /**
   * The card on file is blocked (issue 45): a payment is made once, by a new card kept for nothing else
   * or by bank transfer to the loan's reference; no new plan (it needs an authority to collect).
   */
  blocked: { reference: number } | null;
  /**
   * `?reschedule`: only a new plan, from the reschedule step, with no payment. With the card blocked, the
   * plan is paid by other means (issue 46 item 7): no card, no authority, the income check.
   */
  rescheduleOnly: boolean;
  refused: ChallengeRefusal | null;
  /** The total due moved since it was read (errorID 241): read it again. */
  onTotalChanged: () => void;
};

const asText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** Where the wizard starts: step 0, the reschedule step, or back at the card after a refused challenge. */
function initialState(rescheduleOnly: boolean, refused: ChallengeRefusal | null): State {
  const start: State = {
    step: rescheduleOnly ? 1 : 0,
    choice: null,
    planValues: emptyPlan,
    plan: null,
    rows: null,
    cost: null,
    newCard: false,
    refinance: false,
  };
  const attempt = refused?.attempt;
  if (!attempt || rescheduleOnly) return start;
  // Spec section 4: the error is shown and the wizard returns to step 1 with the new-card option.
  const plan = attempt.plan;
  return {
    ...start,
    step: 1,
    choice: plan ? 'other' : attempt.payNext ? 'next' : 'total',
    planValues: plan
      ? {
          amount: asText(attempt.amount),
          frequencyID: asText(plan.frequencyID),
          duration: asText(plan.duration),
          repayDate: plan.repayDate ?? '',
        }
      : emptyPlan,
    newCard: true,
  };
}

/**
 * The payment wizard of spec section 4. Step 0: pay total or other amount (Next). Pay total: step 1 the
 * card, Submit. Other amount: step 1 the amount and the new plan (Calculate), step 2 the plan with the
 * CPA agreement (Accept and proceed), which pays the amount and then asks for the plan. A reschedule
 * (`?reschedule`): step 1 the plan (Submit), step 2 the plan with the agreement (Accept schedule). Back
 * goes one step back, or to the schedule from the first step.
 */
export function PaymentWizard(props: Props) {
  const { totalDue, planRules, nextInstalment, blocked, rescheduleOnly, refused, onTotalChanged } = props;
  const cardLast4 = props.cardLast4 ?? null;
  const byOtherMeans = rescheduleOnly && blocked !== null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(() => initialState(rescheduleOnly, refused));
  const { step, choice, plan, rows } = state;
  const keys = useRef(attemptKeys()).current;
  const planKeys = useRef(attemptKeys()).current;
  const failure = useErrorBanner();
  const { fail } = failure;
  // A step that failed to load says so when it is reached (the page's error boundary), not before.
  useEffect(() => {
    PayStep.preload().catch(() => undefined);
    PlanStep.preload().catch(() => undefined);
  }, []);

  // A refused challenge is the customer's last attempt failing: its message takes focus.
  useEffect(() => {
    if (refused) fail(refused.message);
  }, [refused, fail]);

  // Each new step is announced: focus goes to its heading (not on arrival, where the page's h1 has it).
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus();
  }, [step]);

  const firstStep: Step = rescheduleOnly ? 1 : 0;
  const go = (next: Partial<State>) => {
    failure.clear();
    setState((s) => ({ ...s, ...next }));
  };
  const back = () => {
    if (step === firstStep) void navigate('/borrow/schedule');
    else go({ step: (step - 1) as Step });
  };
  // Only after a payment or a new plan: where the loan stands, and its figure, is read afresh there.
  const toSchedule = (notice: string, detail?: string | null, receipt?: PaidReceipt | null) => {
    forgetLoanState(queryClient);
    void navigate('/borrow/schedule', { state: scheduleNotice(notice, detail, receipt) });
  };

  const paymentRefused = (err: unknown) => {
    if (!isUndecided(err)) keys.settle();
    if (err instanceof ApiCallError && err.error.errorID === ErrorId.paymentChanged) onTotalChanged();
    fail(refusalMessage(err));
  };

  const amountNow =
    choice === 'total'
      ? totalDue
      : choice === 'next'
        ? (nextInstalment?.amount ?? null)
        : (plan?.amount ?? null);
  /** A button that moves money names the amount (issue 45), after the spec's own word for it. */
  const paying = (label: string) => (amountNow === null ? label : `${label}: pay ${money(amountNow)} now`);

  const pay = async (form: PaymentCardForm) => {
    failure.clear();
    if (amountNow === null) return;
    let body: CardPaymentBody = {
      payTotal: choice === 'total',
      // Sent only when chosen: the server then takes exactly the next instalment, with no new plan.
      ...(choice === 'next' ? { payNext: true } : {}),
      amount: amountNow,
      useExistingCard: form.useExistingCard,
    };
    if (!form.useExistingCard && form.card) {
      const check = await checkCardInPage(queryClient, form.card);
      body = { ...body, card: toCardSummary(form.card), ...check };
    }
    const planBody = choice === 'other' && plan ? planOf(plan, form) : null;
    const attempt: PaymentAttempt = {
      ...body,
      idempotencyKey: keys.keyFor(body),
      plan: planBody,
      planKey: planBody && planKeys.keyFor(planBody),
    };
    const outcome = await sendPayment(attempt);
    keys.settle();
    planKeys.settle();
    if (outcome.redirectUrl !== null) return goToChallenge(outcome.redirectUrl, pendingPayment.clear);
    toSchedule(SUCCESS.payment, planNotMade(outcome.planError), outcome.receipt);
  };

  const acceptSchedule = async (form: PaymentCardForm) => {
    failure.clear();
    if (!plan) return;
    const body = planOf(plan, form, byOtherMeans);
    try {
      await reSchedule(body, planKeys.keyFor(body));
    } catch (err) {
      if (!isUndecided(err)) planKeys.settle();
      // A longer plan than the page could tell (decision 025): its tick boxes are shown with the messages.
      if (serverFieldErrors(err)?.some((f) => f.name in REFINANCE_FIELDS)) go({ refinance: true });
      throw err;
    }
    toSchedule(SUCCESS.reschedule);
  };

  // A plan moving any payment later extends the loan, unless it is forbearance in arrears (issue 46):
  // PlanCost says which the server priced, and the information sheet and the income check come first.
  const extendsLoan = state.refinance || state.cost?.kind === 'refinance';

  let title: string;
  let content: ReactNode;
  // The next instalment chosen before a refused challenge may be paid by now: the choice is asked again.
  if (step === 0 || (choice === 'next' && !nextInstalment && !rescheduleOnly)) {
    title = 'Choose an amount';
    content = (
      <PayChoiceStep
        totalDue={totalDue}
        inArrears={planRules?.forbearance ?? false}
        nextInstalment={nextInstalment}
        blocked={blocked !== null}
        choice={choice}
        onNext={(c) => go({ step: 1, choice: c })}
        onBack={back}
      />
    );
  } else if (step === 1 && choice === 'next' && nextInstalment) {
    title = 'Pay the next instalment';
    content = (
      <PayStep
        amount={nextInstalment.amount}
        about={
          <p className="payment-amount">
            You are paying <strong>{money(nextInstalment.amount)}</strong>, your instalment{' '}
            {nextInstalment.date < nextInstalment.collectOn ? 'overdue since' : 'due on'}{' '}
            {displayDate(nextInstalment.date)}. The rest of your plan stays as it is.
          </p>
        }
        rows={null}
        agreement={false}
        blocked={blocked}
        submitLabel={paying('Submit')}
        newCard={state.newCard}
        send={pay}
        onBack={back}
        onError={paymentRefused}
      />
    );
  } else if (step === 1 && choice === 'total' && !rescheduleOnly) {
    title = 'Pay the total due';
    content = (
      <PayStep
        amount={totalDue}
        about={
          <p className="payment-amount">
            You are paying <strong>{money(totalDue)}</strong>, everything you owe today. Your loan is then
            repaid.
          </p>
        }
        rows={null}
        agreement={false}
        blocked={blocked}
        submitLabel={paying('Submit')}
        cardLast4={cardLast4}
        newCard={state.newCard}
        send={pay}
        onBack={back}
        onError={paymentRefused}
      />
    );
  } else if (step === 1) {
    title = rescheduleOnly ? 'Reschedule your payments' : 'Pay another amount';
    content = (
      <PlanStep
        totalDue={rescheduleOnly ? null : totalDue}
        planRules={planRules}
        byOtherMeans={byOtherMeans}
        values={state.planValues}
        // Spec section 4: Calculate with a partial amount, otherwise Submit.
        submitLabel={rescheduleOnly ? 'Submit' : 'Calculate'}
        onCalculated={(planValues, checked, calculated, cost) =>
          go({ step: 2, planValues, plan: checked, rows: calculated, cost })
        }
        onBack={back}
        onError={(err) => fail(refusalMessage(err))}
      />
    );
  } else {
    title = 'Check your new payment plan';
    content = (
      <PayStep
        amount={rescheduleOnly ? null : amountNow}
        about={
          rescheduleOnly || amountNow === null ? null : (
            <p className="payment-amount">
              You are paying <strong>{money(amountNow)}</strong> now. The plan below repays the rest.
            </p>
          )
        }
        rows={rows}
        cost={state.cost}
        agreement
        refinance={extendsLoan}
        otherMeans={byOtherMeans ? blocked : null}
        submitLabel={rescheduleOnly ? 'Accept schedule' : paying('Accept and proceed')}
        cardLast4={cardLast4}
        newCard={state.newCard}
        send={rescheduleOnly ? acceptSchedule : pay}
        onBack={back}
        onError={rescheduleOnly ? (err) => fail(refusalMessage(err)) : paymentRefused}
      />
    );
  }

  return (
    <section className="payment-step" aria-labelledby="payment-step-title">
      <h2 id="payment-step-title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <ErrorBanner {...failure.banner} />
      <Suspense
        fallback={
          <div aria-busy="true">
            <p className="visually-hidden">Loading the next step…</p>
          </div>
        }
      >
        {content}
      </Suspense>
    </section>
  );
}
