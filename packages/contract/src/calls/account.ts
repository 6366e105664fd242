import { z } from 'zod';
import { DEFAULT_COUNTRY } from '../constants';
import { addressFieldsShape, checkAddress } from '../rules/address';
import { alwaysCheck, emailField, mobileField, requiredId } from '../rules/common';
import { Msg } from '../rules/messages';
import { newPasswordField, PASSWORD_MAX } from '../rules/password';
import { stringBody } from './shared';

export const loginRequestSchema = z.object({
  userName: emailField(Msg.loginEmail),
  password: z.string({ error: Msg.loginPassword }).min(1, { error: Msg.loginPassword }).max(PASSWORD_MAX),
});

export const loginResponseSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  appStatusID: z.number(),
  appGuid: z.string().nullable(),
  isLegal: z.boolean(),
});

/** RefreshToken, ChangeEmail, ChangeMobile and ForgotPassword post a bare JSON string. */
export const refreshTokenBodySchema = stringBody('Invalid refresh token.', 200);
export const changeEmailBodySchema = emailField(Msg.loginEmail);
export const changeMobileBodySchema = mobileField;
export const forgotPasswordBodySchema = emailField(Msg.loginEmail);

export const changePasswordSchema = z.object({
  oldPassword: z
    .string({ error: Msg.existingPassword })
    .min(1, { error: Msg.existingPassword })
    .max(PASSWORD_MAX),
  newPassword: newPasswordField,
});

export const changePasswordByGuidSchema = z.object({
  guid: z.string().min(10).max(200),
  newPassword: newPasswordField,
});

export const changeAddressSchema = z
  .object({
    livedInAddressID: requiredId(Msg.livedThere),
    residentalStatusID: requiredId(Msg.homeStatus),
    autoAddress: z.boolean(),
    address: z.object(addressFieldsShape),
  })
  .superRefine(
    (v, ctx) =>
      checkAddress(
        { ...(typeof v.address === 'object' ? v.address : {}), autoAddress: v.autoAddress } as never,
        ctx,
        'home',
        ['address'],
      ),
    alwaysCheck,
  );

export const accountAddressSchema = z.object({
  postCode: z.string(),
  county: z.string().nullable(),
  town: z.string().nullable(),
  street: z.string().nullable(),
  building: z.string().nullable(),
  houseNumber: z.string().nullable(),
  flatNo: z.string().nullable(),
  addressStr: z.string(),
  country: z.string().default(DEFAULT_COUNTRY),
});

export const accountDetailsSchema = z.object({
  isLegal: z.boolean(),
  appID: z.number().nullable(),
  customerID: z.number(),
  personalDetails: z.object({ firstName: z.string(), lastName: z.string(), birthDate: z.string() }),
  contactDetails: z.object({
    email: z.string(),
    mobile: z.string(),
    livedInAddressID: z.number().nullable(),
    residentalStatusID: z.number().nullable(),
    address: accountAddressSchema,
  }),
});
export type AccountDetails = z.infer<typeof accountDetailsSchema>;

export const changeContactPreferenceSchema = z.object({ newsFromUs: z.boolean() });
