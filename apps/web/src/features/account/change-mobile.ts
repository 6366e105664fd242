import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { updateAccountDetails } from './get-account-details';
import { usePreviewAnswer } from './preview-answer';

export const changeMobile = (mobile: string) => callApi('changeMobile', mobile);

/** Spec section 4: a successful change updates the locally held details (no second request). */
export function useChangeMobile() {
  const client = useQueryClient();
  const preview = usePreviewAnswer();
  return useMutation({
    mutationFn: (mobile: string) => (preview ? preview(null) : changeMobile(mobile)),
    onSuccess: (_answer, mobile) =>
      updateAccountDetails(client, (d) => ({ ...d, contactDetails: { ...d.contactDetails, mobile } })),
  });
}
