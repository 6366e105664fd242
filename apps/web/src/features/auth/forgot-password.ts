import { ErrorId } from '@lender/contract/error-ids';
import { useMutation } from '@tanstack/react-query';
import { ApiCallError, callApi } from '../../lib/api-client';

export type ForgotPasswordPayload = { email: string };

/** The call posts the bare e-mail; the form checks it as a field so its message lands on the field. */
export const loadForgotPasswordSchema = () =>
  Promise.all([import('zod'), import('@lender/contract/calls/account')]).then(([{ z }, m]) =>
    z.object({ email: m.forgotPasswordBodySchema }),
  );

export const forgotPassword = (email: string) => callApi('forgotPassword', email);

/** Account/ForgotPassword: asks for an e-mail with a reset link (the call skips default error handling). */
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });

/**
 * Spec section 8: errorID 1 says the address is unknown, any other refusal (a transport failure counts as
 * id 100) is 'Error occured.'. Too many requests (HTTP 429) shows the server's words on how long to wait.
 */
export function forgotPasswordFailure(err: unknown): string {
  if (!(err instanceof ApiCallError)) return 'Error occured.';
  if (err.status === 429) return err.error.errorMessage || 'Please wait a few minutes and try again.';
  if (err.error.errorID === ErrorId.notFound) return 'Email address does not exist.';
  return 'Error occured.';
}
