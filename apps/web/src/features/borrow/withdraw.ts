import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { withdrawalKey } from './get-withdrawal';

/** MyAccountArea/Withdraw (not in the spec): notice of withdrawal from the agreement, s66A. */
export const withdraw = () =>
  callApi('withdraw', undefined, { loaderMessage: 'Recording your withdrawal from the agreement.' });

/** Gives notice, then reads the withdrawal again: it now shows what to repay and by when. */
export function useWithdraw() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdraw,
    onSuccess: () => client.invalidateQueries({ queryKey: withdrawalKey }),
  });
}
