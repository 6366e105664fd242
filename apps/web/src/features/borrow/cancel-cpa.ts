import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { scheduleSummaryKey } from './get-schedule-summary';

/** MyAccountArea/CancelCpa (not in the spec, docs/decisions/026): no more collections from the card. */
export const cancelCpa = () =>
  callApi('cancelCpa', undefined, { loaderMessage: 'Cancelling your continuous payment authority.' });

/** Cancels, then reads the schedule again: it says the authority is cancelled and how to pay instead. */
export function useCancelCpa() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelCpa,
    onSuccess: () => client.invalidateQueries({ queryKey: scheduleSummaryKey }),
  });
}
