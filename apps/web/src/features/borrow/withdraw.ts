import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { loanStateKey } from '../../lib/api/get-loan-state';
import { withdrawalKey } from './get-withdrawal';

/** MyAccountArea/Withdraw (not in the spec): notice of withdrawal from the agreement, s66A. */
export const withdraw = () =>
  callApi('withdraw', undefined, { loaderMessage: 'Recording your withdrawal from the agreement.' });

/** Gives notice, then reads the withdrawal and the loan's state again: both now say what to repay, by when. */
export function useWithdraw() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdraw,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: withdrawalKey }),
        client.invalidateQueries({ queryKey: loanStateKey }),
      ]),
  });
}
