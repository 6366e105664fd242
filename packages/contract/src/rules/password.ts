import { z } from 'zod';
import { emailField } from './common';
import { Msg } from './messages';
import { PASSWORD_MAX, PASSWORD_RULE } from './password-rules';

export const newPasswordField = z
  .string({ error: Msg.newPassword })
  .min(1, { error: Msg.newPassword })
  .max(PASSWORD_MAX, { error: Msg.maxLength(PASSWORD_MAX) })
  .regex(PASSWORD_RULE, { error: Msg.passwordRule });

/** A password that is only compared, never stored: any characters, as long as it is there. */
const givenPassword = (message: string) =>
  z
    .string({ error: message })
    .min(1, { error: message })
    .max(PASSWORD_MAX, { error: Msg.maxLength(PASSWORD_MAX) });
export const existingPasswordField = givenPassword(Msg.existingPassword);

const confirmPasswordField = z.string({ error: Msg.passwordsDiffer });

const withConfirmation = <T extends { newPassword: string; confirmPassword: string }>(v: T) =>
  v.newPassword === v.confirmPassword;

export const loginFormSchema = z.object(
  { userName: emailField(Msg.loginEmail), password: givenPassword(Msg.loginPassword) },
  { error: Msg.request },
);

export const resetPasswordFormSchema = z
  .object({ newPassword: newPasswordField, confirmPassword: confirmPasswordField }, { error: Msg.request })
  .refine(withConfirmation, { path: ['confirmPassword'], error: Msg.passwordsDiffer });

export const changePasswordFormSchema = z
  .object(
    {
      oldPassword: existingPasswordField,
      newPassword: newPasswordField,
      confirmPassword: confirmPasswordField,
    },
    { error: Msg.request },
  )
  .refine(withConfirmation, { path: ['confirmPassword'], error: Msg.passwordsDiffer });

export const changeEmailFormSchema = z
  .object(
    {
      newEmail: z
        .string({ error: Msg.newEmail })
        .trim()
        .min(1, { error: Msg.newEmail })
        .pipe(emailField(Msg.loginEmail)),
      confirmEmail: z.string({ error: Msg.emailsDiffer }).trim(),
    },
    { error: Msg.request },
  )
  .refine((v) => v.newEmail === v.confirmEmail.toLowerCase(), {
    path: ['confirmEmail'],
    error: Msg.emailsDiffer,
  });
