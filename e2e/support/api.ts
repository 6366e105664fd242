import { expect, type APIRequestContext } from '@playwright/test';
import type { Envelope } from '@lender/contract/envelope-types';
import { createStage1Payload } from '../../apps/api/src/test/stage1-payload';
import { rememberSecret } from './secrets';

export type Tokens = { token: string; refreshToken: string };

/**
 * One POST to the API as the web app makes it (with the session's bearer token when given); the call
 * must succeed, and its object is returned. The error is compared whole so that a refusal's message is in
 * the failure.
 */
export async function postApi<T>(
  request: APIRequestContext,
  path: string,
  data: unknown,
  tokens?: Tokens,
): Promise<T> {
  const response = await request.post(path, {
    data,
    ...(tokens ? { headers: { authorization: `Bearer ${tokens.token}` } } : {}),
  });
  const body = (await response.json()) as Envelope<T>;
  expect(body.error, `${path} through the API`).toEqual({ errorID: 0, errorMessage: '' });
  return body.object as T;
}

/**
 * Applies for a loan through the API (stage 1), as someone the first screen approves, and returns the
 * session the server issues. Pages that load the customer's data need this real session; the faked
 * one of `signIn` only passes the client-side guards. The payload is the API tests' own factory.
 */
export async function startApplication(
  request: APIRequestContext,
  payload = createStage1Payload(),
): Promise<Tokens> {
  const tokens = await postApi<Tokens>(request, '/api/Register/SubmitStage1', payload);
  rememberSecret('access token', tokens.token);
  rememberSecret('refresh token', tokens.refreshToken);
  return tokens;
}
