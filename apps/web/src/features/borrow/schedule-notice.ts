/**
 * What a page sends the schedule with when it comes back after a success (spec section 5, 'Payment
 * wizard': 'Payment has been successfully proccessed', 'Operation has finished successfully', 'Card has
 * been added successfully'): router state, so a reload or a bookmark never shows it again.
 * `navigate('/borrow/schedule', { state: scheduleNotice('...') })`.
 */
export type ScheduleState = { notice: string };

export const scheduleNotice = (notice: string): ScheduleState => ({ notice });

/** The notice in the router state, if any. */
export function noticeOf(state: unknown): string | null {
  const notice = (state as Partial<ScheduleState> | null)?.notice;
  return typeof notice === 'string' && notice ? notice : null;
}
