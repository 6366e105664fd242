import { useMutation } from '@tanstack/react-query';
import { callApi, type CallInput } from '../../lib/api-client';
import { usePreviewAnswer } from './preview-answer';

export type ChangePasswordBody = CallInput<'changePassword'>;

export const changePassword = (body: ChangePasswordBody) => callApi('changePassword', body);

export function useChangePassword() {
  const preview = usePreviewAnswer();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => (preview ? preview(null) : changePassword(body)),
  });
}
