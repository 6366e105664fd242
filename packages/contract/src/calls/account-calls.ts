import { z } from 'zod';
import * as account from './account';
import { creditSearchesSchema } from './credit-reference';
import { call, empty, type CallDef } from './call-spec';
import { tokenPairSchema } from './shared';

/** The Account controller's calls, in the order of the call table (`api-calls.ts`). */
export const accountCalls = {
  login: call({
    controller: 'Account',
    action: 'Login',
    method: 'POST',
    auth: 'public',
    skipDefaultErrorHandling: true,
    rateLimited: true,
    body: account.loginRequestSchema,
    response: account.loginResponseSchema,
  }),
  refreshToken: call({
    controller: 'Account',
    action: 'RefreshToken',
    method: 'POST',
    auth: 'public',
    skipDefaultErrorHandling: true,
    body: account.refreshTokenBodySchema,
    response: tokenPairSchema,
  }),
  /** Not in the spec: Logout ends the session on the server (the refresh token's family is revoked). */
  logout: call({
    controller: 'Account',
    action: 'Logout',
    method: 'POST',
    auth: 'public',
    skipDefaultErrorHandling: true,
    body: account.refreshTokenBodySchema,
    response: empty,
  }),
  changePassword: call({
    controller: 'Account',
    action: 'ChangePassword',
    method: 'POST',
    auth: 'session',
    rateLimited: true,
    body: account.changePasswordSchema,
    response: empty,
  }),
  changeEmail: call({
    controller: 'Account',
    action: 'ChangeEmail',
    method: 'POST',
    auth: 'session',
    body: account.changeEmailBodySchema,
    response: empty,
  }),
  forgotPassword: call({
    controller: 'Account',
    action: 'ForgotPassword',
    method: 'POST',
    auth: 'public',
    skipDefaultErrorHandling: true,
    rateLimited: true,
    body: account.forgotPasswordBodySchema,
    response: empty,
  }),
  changePasswordByGuid: call({
    controller: 'Account',
    action: 'ChangePasswordByGuid',
    method: 'POST',
    auth: 'public',
    body: account.changePasswordByGuidSchema,
    response: account.loginResponseSchema,
  }),
  /** Not in the spec: the verification link of ChangeEmail; public, the link may open on another device. */
  confirmEmailChange: call({
    controller: 'Account',
    action: 'ConfirmEmailChange',
    method: 'POST',
    auth: 'public',
    body: account.confirmEmailChangeBodySchema,
    response: empty,
  }),
  confirmPassword: call({
    controller: 'Account',
    action: 'ConfirmPassword',
    method: 'POST',
    auth: 'session',
    rateLimited: true,
    skipDefaultErrorHandling: true,
    body: account.confirmPasswordSchema,
    response: empty,
  }),
  getAccountDetails: call({
    controller: 'Account',
    action: 'GetAccountDetails',
    method: 'GET',
    auth: 'session',
    response: account.accountDetailsSchema,
  }),
  changeMobile: call({
    controller: 'Account',
    action: 'ChangeMobile',
    method: 'POST',
    auth: 'session',
    body: account.changeMobileBodySchema,
    response: empty,
  }),
  changeAddress: call({
    controller: 'Account',
    action: 'ChangeAddress',
    method: 'POST',
    auth: 'session',
    body: account.changeAddressSchema,
    response: z.object({
      addressStr: z.string(),
      unchanged: z.boolean().meta({
        description:
          'True when the address and both answers are those already held: nothing was stored (issue 31).',
      }),
    }),
  }),
  changeContactPreference: call({
    controller: 'Account',
    action: 'ChangeContactPreference',
    method: 'POST',
    auth: 'session',
    body: account.contactPreferencesSchema,
    response: empty,
  }),
  /** Not in the spec (issue 47): the searches of the customer's credit file we made, newest first. */
  getCreditSearches: call({
    controller: 'Account',
    action: 'GetCreditSearches',
    method: 'GET',
    auth: 'session',
    response: creditSearchesSchema,
  }),
} as const satisfies Record<string, CallDef>;
