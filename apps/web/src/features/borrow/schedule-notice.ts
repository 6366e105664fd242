import type { PaidReceipt } from './card-payment';

/**
 * What a page sends the schedule with when it comes back after a success (spec section 5, 'Payment
 * wizard': 'Payment has been successfully proccessed', 'Operation has finished successfully', 'Card has
 * been added successfully'): router state, so a reload or a bookmark never shows it again. `detail` is a
 * second line of ours under the spec's text (when the new card will next be charged); `receipt`, after a
 * card payment, what was paid, by which card and when (issue 45 item 10), shown after the spec's text.
 * `navigate('/borrow/schedule', { state: scheduleNotice('...') })`.
 */
export type ScheduleState = { notice: string; detail?: string; receipt?: PaidReceipt };

export const scheduleNotice = (
  notice: string,
  detail?: string | null,
  receipt?: PaidReceipt | null,
): ScheduleState => ({ notice, ...(detail ? { detail } : {}), ...(receipt ? { receipt } : {}) });

const isReceipt = (r: unknown): r is PaidReceipt =>
  typeof r === 'object' &&
  r !== null &&
  typeof (r as PaidReceipt).amount === 'number' &&
  typeof (r as PaidReceipt).date === 'string' &&
  (typeof (r as PaidReceipt).cardLast4 === 'string' || (r as PaidReceipt).cardLast4 === null);

/** The notice in the router state, if any. */
export function noticeOf(state: unknown): ScheduleState | null {
  const { notice, detail, receipt } = (state as Partial<ScheduleState> | null) ?? {};
  if (typeof notice !== 'string' || !notice) return null;
  return scheduleNotice(
    notice,
    typeof detail === 'string' ? detail : null,
    isReceipt(receipt) ? receipt : null,
  );
}

/** The spec's success texts (section 4, 'Payment wizard'), word for word. */
export const SUCCESS = {
  payment: 'Payment has been successfully proccessed',
  reschedule: 'Operation has finished successfully',
  card: 'Card has been added successfully',
} as const;
