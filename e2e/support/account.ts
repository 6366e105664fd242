import type { APIRequestContext } from '@playwright/test';
import { createStage1Payload } from '../../apps/api/src/test/stage1-payload';
import { postApi, startApplication, type Tokens } from './api';
import { passwordLinkFor } from './outbox';
import { TEST_SECRETS } from './secrets';

export type AccountHolder = {
  email: string;
  mobile: string;
  password: string;
  firstName: string;
  tokens: Tokens;
};

/**
 * A customer who applied (stage 1 through the API) and set a password with the welcome e-mail's link,
 * as a person would: ready to sign in. The password is the one the secrets-at-rest check looks for.
 */
export async function accountHolder(request: APIRequestContext): Promise<AccountHolder> {
  const payload = createStage1Payload();
  const tokens = await startApplication(request, payload);
  const link = await passwordLinkFor(request, payload.email);
  const guid = new URL(link).pathname.split('/').pop()!;
  await postApi(request, '/api/Account/ChangePasswordByGuid', { guid, newPassword: TEST_SECRETS.password });
  return {
    email: payload.email,
    mobile: payload.mobile,
    password: TEST_SECRETS.password,
    firstName: payload.firstName,
    tokens,
  };
}
