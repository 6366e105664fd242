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
  await setPasswordFor(request, payload.email);
  return {
    email: payload.email,
    mobile: payload.mobile,
    password: TEST_SECRETS.password,
    firstName: payload.firstName,
    tokens,
  };
}

/** Sets the first password of an applicant with the link of their welcome e-mail. */
export async function setPasswordFor(
  request: APIRequestContext,
  email: string,
  password: string = TEST_SECRETS.password,
) {
  const link = await passwordLinkFor(request, email);
  const guid = new URL(link).pathname.split('/').pop()!;
  await postApi(request, '/api/Account/ChangePasswordByGuid', { guid, newPassword: password });
}
