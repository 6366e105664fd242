import { ErrorId } from '@lender/contract/error-ids';
import { useMutation } from '@tanstack/react-query';
import { ApiCallError, callApi } from '../../lib/api-client';

export type ResetPasswordValues = { newPassword: string; confirmPassword: string };
export type ChangePasswordByGuidPayload = { guid: string; newPassword: string };

export const loadResetPasswordSchema = () =>
  import('@lender/contract/rules/password').then((m) => m.resetPasswordFormSchema);

export const changePasswordByGuid = (payload: ChangePasswordByGuidPayload) =>
  callApi('changePasswordByGuid', payload);

/** Account/ChangePasswordByGuid: the reset link's token (or the welcome e-mail's) and the new password. */
export const useChangePasswordByGuid = () => useMutation({ mutationFn: changePasswordByGuid });

export const RESET_FAILED = 'Reset password failed.';

/**
 * Spec section 8: 'Reset password failed.', then the server's reason when it gave one (231: the link has
 * expired or was used). A transport failure has no reason of the server's to add.
 */
export function resetPasswordFailure(err: unknown): string {
  const reason = err instanceof ApiCallError && err.status !== 0 ? err.error.errorMessage : '';
  return reason ? `${RESET_FAILED} ${reason}` : RESET_FAILED;
}

/** A used, replaced or expired link: the way on is a new link, not another try. */
export const isLinkExpired = (err: unknown) =>
  err instanceof ApiCallError && err.error.errorID === ErrorId.linkExpired;
