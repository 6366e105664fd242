import type { CallResponse } from '@lender/contract/api-calls';
import { ErrorId } from '@lender/contract/error-ids';
import { serverFieldErrors } from '../../components/form/form-errors';
import { ApiCallError, callApi, serverMessage, type CallInput } from '../../lib/api-client';
import { pendingCardCheck, sendKeepingPending } from '../../lib/card-check/pending-card-check';

/** CardPayment's body; the idempotency key travels in its header instead. */
export type CardPaymentBody = Omit<CallInput<'cardPayment'>, 'idempotencyKey'>;
export type PlanBody = CallInput<'reSchedule'>;

/**
 * One payment attempt as the page sends it, and keeps it while the bank's challenge is under way: the
 * body, the attempt's idempotency key (sent again with the same body after the challenge, so the server
 * finishes that payment rather than starting another) and, when the customer pays part, the new plan to
 * ask for once the payment is taken.
 */
export type PaymentAttempt = CardPaymentBody & {
  idempotencyKey: string;
  plan: PlanBody | null;
  /** The new plan's own idempotency key (ReSchedule answers the same plan to it again). */
  planKey: string | null;
};

/** borrow/payment's attempt while the browser is at the bank's challenge. */
export const pendingPayment = pendingCardCheck<PaymentAttempt>('paymentPendingCheck');

export const PAYMENT_LOADER_MESSAGE = 'Taking your payment. Please do not close this page.';

/** The payment under its attempt's `Idempotency-Key` (docs/decisions/025). */
export const cardPayment = ({ idempotencyKey, plan: _plan, planKey: _planKey, ...body }: PaymentAttempt) =>
  callApi('cardPayment', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
    forceLoader: true,
    loaderMessage: PAYMENT_LOADER_MESSAGE,
  });

export const calculatePlan = (plan: PlanBody) => callApi('calculate', plan);

/** The same plan's total and its difference from today's plan (not in the spec, issue 45). */
export const planCost = (plan: PlanBody) => callApi('planCost', plan);
export type PlanCost = CallResponse<'planCost'>;

export type PlanRows = CallResponse<'calculate'>;

/**
 * The new plan, under its attempt's `Idempotency-Key`. After a payment that has been taken the page must
 * stay to say so, whatever the answer: an HTTP failure there does not leave for /error.
 */
export const reSchedule = (plan: PlanBody, idempotencyKey: string, { afterPayment = false } = {}) =>
  callApi('reSchedule', plan, {
    headers: { 'Idempotency-Key': idempotencyKey },
    skipDefaultErrorHandling: afterPayment,
  });

/** What the server's receipt says was paid (issue 45 item 10): amount, card ending and date. */
export type PaidReceipt = { amount: number; cardLast4: string | null; date: string };

export type PaymentOutcome =
  | { redirectUrl: string }
  /** Paid; `planError` is why the new plan was not made, when one was asked for and refused. */
  | { redirectUrl: null; planError: unknown; receipt: PaidReceipt | null };

/**
 * Pays (keeping the attempt while the bank's challenge is under way), then, once the money is taken,
 * asks for the new plan that goes with a part payment.
 */
export async function sendPayment(attempt: PaymentAttempt): Promise<PaymentOutcome> {
  const answer = await sendKeepingPending(pendingPayment, attempt, cardPayment);
  if (answer.redirectUrl) return { redirectUrl: answer.redirectUrl };
  // The figures after it are the schedule's, read after the plan too: only what was paid is kept.
  const receipt = answer.receipt
    ? { amount: answer.receipt.amount, cardLast4: answer.receipt.cardLast4, date: answer.receipt.date }
    : null;
  if (!attempt.plan) return { redirectUrl: null, planError: null, receipt };
  try {
    await reSchedule(attempt.plan, attempt.planKey ?? crypto.randomUUID(), { afterPayment: true });
    return { redirectUrl: null, planError: null, receipt };
  } catch (err) {
    return { redirectUrl: null, planError: err, receipt };
  }
}

/** A part payment was taken but its new plan was refused: the second line under the success says so. */
export function planNotMade(err: unknown): string | null {
  if (!err) return null;
  const why =
    serverFieldErrors(err)
      ?.map((f) => f.message)
      .join(' ') ?? serverMessage(err);
  return `Your payment plan has not been changed: ${why} Please use Re schedule to try again.`;
}

/**
 * Refusals after which the same attempt may be sent again under the same key: nothing was decided (the
 * provider did not answer, another payment was being charged, the day was closing) or the request never
 * got an answer. After any other answer the next attempt is a new one, with a new key.
 */
const UNDECIDED: readonly number[] = [
  ErrorId.cardCheckUnavailable,
  ErrorId.paymentInProgress,
  ErrorId.dayClosing,
];
export const isUndecided = (err: unknown) =>
  err instanceof ApiCallError && (err.status === 0 || UNDECIDED.includes(err.error.errorID));

/**
 * One idempotency key per attempt (docs/decisions/025): the same request sent again after an undecided
 * answer is the same attempt and keeps its key; any other request is a new attempt. A new card is checked
 * afresh each time, so its request (its transaction) is always new.
 */
export function attemptKeys(newKey: () => string = () => crypto.randomUUID()) {
  let last: { request: string; key: string } | null = null;
  return {
    keyFor(body: CardPaymentBody | PlanBody): string {
      const request = JSON.stringify(body);
      if (last?.request !== request) last = { request, key: newKey() };
      return last.key;
    },
    /** The attempt was answered: the next request is a new attempt. */
    settle() {
      last = null;
    },
  };
}
