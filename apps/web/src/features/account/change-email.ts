import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { accountDetailsKey } from './get-account-details';
import { noAnswer, usePreviewable } from './preview-answer';

/** The body is the new address alone; it is used only once the link e-mailed to it is clicked. */
export const changeEmail = (newEmail: string) => callApi('changeEmail', newEmail);

export function useChangeEmail() {
  const client = useQueryClient();
  const send = usePreviewable(changeEmail, noAnswer);
  return useMutation({
    mutationFn: send,
    // The details now hold the pending address; read them again rather than guess what the server kept.
    onSuccess: () => client.invalidateQueries({ queryKey: accountDetailsKey }),
  });
}
