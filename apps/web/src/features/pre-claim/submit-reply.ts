import type { PreClaimReply } from '@lender/contract/calls/pre-claim';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { DOCUMENTS_KEY } from '../../lib/api/get-documents';
import { PRE_CLAIM_KEY } from './get-pre-claim';

/** PreClaim/SubmitReply: the Reply Form, with the Financial Statement when given. */
export const submitReply = (reply: PreClaimReply) =>
  callApi('submitPreClaimReply', reply, { loaderMessage: 'Sending your reply.' });

export function useSubmitReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitReply,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: PRE_CLAIM_KEY }),
        client.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
      ]);
    },
  });
}
