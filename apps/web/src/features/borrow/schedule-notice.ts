/**
 * What a page sends the schedule with when it comes back after a success (spec section 5, 'Payment
 * wizard': 'Payment has been successfully proccessed', 'Operation has finished successfully', 'Card has
 * been added successfully'): router state, so a reload or a bookmark never shows it again. `detail` is a
 * second line of ours under the spec's text (when the new card will next be charged).
 * `navigate('/borrow/schedule', { state: scheduleNotice('...') })`.
 */
export type ScheduleState = { notice: string; detail?: string };

export const scheduleNotice = (notice: string, detail?: string | null): ScheduleState =>
  detail ? { notice, detail } : { notice };

/** The notice in the router state, if any. */
export function noticeOf(state: unknown): ScheduleState | null {
  const { notice, detail } = (state as Partial<ScheduleState> | null) ?? {};
  if (typeof notice !== 'string' || !notice) return null;
  return typeof detail === 'string' && detail ? { notice, detail } : { notice };
}

/** The spec's success texts (section 4, 'Payment wizard'), word for word. */
export const SUCCESS = {
  payment: 'Payment has been successfully proccessed',
  reschedule: 'Operation has finished successfully',
  card: 'Card has been added successfully',
} as const;
