import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { updateAccountDetails } from './get-account-details';
import { noAnswer, usePreviewable } from './preview-answer';

export const changeMobile = (mobile: string) => callApi('changeMobile', mobile);

/** Spec section 4: a successful change updates the locally held details (no second request). */
export function useChangeMobile() {
  const client = useQueryClient();
  const send = usePreviewable(changeMobile, noAnswer);
  return useMutation({
    mutationFn: send,
    onSuccess: (_answer, mobile) =>
      updateAccountDetails(client, (d) => ({ ...d, contactDetails: { ...d.contactDetails, mobile } })),
  });
}
