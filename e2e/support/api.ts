import { expect, type APIRequestContext } from '@playwright/test';
import { createStage1Payload } from '../../apps/api/src/test/stage1-payload';
import { rememberSecret } from './secrets';

export type Tokens = { token: string; refreshToken: string };

/**
 * Applies for a loan through the API (stage 1), as someone the first screen approves, and returns the
 * session the server issues. Pages that load the customer's data need this real session; the faked
 * one of `signIn` only passes the client-side guards. The payload is the API tests' own factory.
 */
export async function startApplication(request: APIRequestContext): Promise<Tokens> {
  const response = await request.post('/api/Register/SubmitStage1', { data: createStage1Payload() });
  const body = (await response.json()) as { error: { errorID: number }; object: Tokens | null };
  expect(body.error.errorID, 'stage 1 application through the API').toBe(0);
  const tokens = body.object!;
  rememberSecret('access token', tokens.token);
  rememberSecret('refresh token', tokens.refreshToken);
  return tokens;
}
