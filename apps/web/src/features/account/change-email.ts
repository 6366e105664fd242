import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { accountDetailsKey } from './get-account-details';
import { usePreviewAnswer } from './preview-answer';

/** The body is the new address alone; it is used only once the link e-mailed to it is clicked. */
export const changeEmail = (newEmail: string) => callApi('changeEmail', newEmail);

export function useChangeEmail() {
  const client = useQueryClient();
  const preview = usePreviewAnswer();
  return useMutation({
    mutationFn: (newEmail: string) => (preview ? preview(null) : changeEmail(newEmail)),
    // The details now hold the pending address; read them again rather than guess what the server kept.
    onSuccess: () => client.invalidateQueries({ queryKey: accountDetailsKey }),
  });
}
