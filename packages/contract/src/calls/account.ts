import { z } from 'zod';
import { DEFAULT_COUNTRY } from '../constants';
import { addressFields, addressMissing, checkAddress } from '../rules/address';
import { alwaysCheck, dictionaryIdField, emailField, mobileField } from '../rules/common';
import { Msg } from '../rules/messages';
import { existingPasswordField, loginFormSchema, newPasswordField } from '../rules/password';
import { stringBody } from './shared';

export const loginRequestSchema = loginFormSchema;

export const loginResponseSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  appStatusID: z.number(),
  appGuid: z.string().nullable(),
  isLegal: z.boolean(),
});

/** RefreshToken, ChangeEmail, ChangeMobile and ForgotPassword post a bare JSON string. */
export const refreshTokenBodySchema = stringBody(Msg.invalidRefreshToken, 200);
export const changeEmailBodySchema = emailField(Msg.loginEmail);
export const changeMobileBodySchema = mobileField;
export const forgotPasswordBodySchema = emailField(Msg.loginEmail);

export const changePasswordSchema = z.object(
  { oldPassword: existingPasswordField, newPassword: newPasswordField },
  { error: Msg.request },
);

export const changePasswordByGuidSchema = z.object(
  {
    guid: z
      .string({ error: Msg.invalidLink })
      .min(10, { error: Msg.invalidLink })
      .max(200, { error: Msg.invalidLink }),
    newPassword: newPasswordField,
  },
  { error: Msg.request },
);

export const changeAddressSchema = z
  .object(
    {
      livedInAddressID: dictionaryIdField(Msg.livedThere, 'livedInAddress'),
      residentalStatusID: dictionaryIdField(Msg.homeStatus, 'residentalStatus'),
      autoAddress: z.boolean({ error: Msg.addressMode }),
      address: z.object(addressFields('home'), { error: addressMissing('home') }),
    },
    { error: Msg.request },
  )
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

export const changeContactPreferenceSchema = z.object(
  { newsFromUs: z.boolean({ error: Msg.newsFromUs }) },
  { error: Msg.request },
);
