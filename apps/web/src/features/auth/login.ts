import type { CallResponse } from '@lender/contract/api-calls';
import type { loginFormSchema } from '@lender/contract/rules/password';
import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { ApiCallError, callApi } from '../../lib/api-client';
import { hasSession, setItems, storeTokens } from '../../lib/session';

export type LoginPayload = z.output<typeof loginFormSchema>;
export type LoginAnswer = CallResponse<'login'>;

/** Spec section 8, for a wrong e-mail or password, a locked account and any other refusal alike. */
export const LOGIN_FAILED = 'Login failed. Check your login details.';

/** Too many attempts (HTTP 429) is the one refusal worded differently: the server says how long to wait. */
export function loginFailureMessage(err: unknown): string {
  if (err instanceof ApiCallError && err.status === 429) {
    return err.error.errorMessage || 'Too many attempts. Please wait a few minutes and try again.';
  }
  return LOGIN_FAILED;
}

export const login = (payload: LoginPayload) => callApi('login', payload);

/** Account/Login; a refusal (errorID 230, a 429) is thrown as ApiCallError for the screen to word. */
export const useLogin = () => useMutation({ mutationFn: login });

/**
 * Keeps the session a login opened: the tokens and the stored items of spec section 3. The names of an
 * earlier visit go, so the header never greets the previous person while the new names are on their way.
 */
export function keepSession(answer: LoginAnswer, userName: string | null) {
  storeTokens(answer);
  setItems({ userName, isLegal: String(answer.isLegal), firstName: null, lastName: null });
}

/**
 * The header greets by first name, which the login answer does not carry: it comes from the account
 * details. The person did not ask for this call, so it neither covers the page with the loader nor
 * leaves it on a failure; without it the greeting just stays plain.
 */
export async function rememberNames() {
  try {
    const details = await callApi('getAccountDetails', undefined, {
      quiet: true,
      skipDefaultErrorHandling: true,
    });
    // Signed out meanwhile (Logout pressed, the session ended): no name may outlive the session.
    if (!hasSession()) return;
    const { firstName, lastName } = details.personalDetails;
    setItems({ firstName, lastName });
  } catch {
    // The greeting stays 'Hello'; the next login tries again.
  }
}
