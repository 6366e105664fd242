import { useMutation } from '@tanstack/react-query';
import { callApi, type CallInput } from '../../lib/api-client';
import { noAnswer, usePreviewable } from './preview-answer';

export type ChangePasswordBody = CallInput<'changePassword'>;

export const changePassword = (body: ChangePasswordBody) => callApi('changePassword', body);

export function useChangePassword() {
  const send = usePreviewable(changePassword, noAnswer);
  return useMutation({
    mutationFn: send,
  });
}
