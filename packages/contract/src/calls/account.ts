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
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * Account/ConfirmPassword (not in the spec, docs/decisions/020): the password again, before a change of
 * the e-mail address or mobile number, when the session's sign-in is older than a few minutes.
 */
export const confirmPasswordSchema = z.object({ password: existingPasswordField }, { error: Msg.request });

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

/** Marketing consent per channel (docs/decisions/017): as easy to withdraw as to give. */
export const contactPreferencesSchema = z.object(
  {
    newsByEmail: z.boolean({ error: Msg.newsFromUs }),
    newsBySms: z.boolean({ error: Msg.newsFromUs }),
  },
  { error: Msg.request },
);
export type ContactPreferences = z.infer<typeof contactPreferencesSchema>;

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
    /** Not in the spec's list: the marketing consent the contact details page shows and changes. */
    contactPreferences: contactPreferencesSchema,
    /** An e-mail change waiting for its verification link, or null. */
    pendingEmail: z.string().nullable(),
  }),
});
export type AccountDetails = z.infer<typeof accountDetailsSchema>;

/** The token of an e-mail-change link (the web page posts it from `/confirm-email/:token`). */
export const confirmEmailChangeBodySchema = stringBody(Msg.invalidLink, 200);
